import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

export type DeductionsMonth = { month: number; year: number };

/**
 * The name the API gives the file (retenues-paie-YYYY-MM.csv). The HTTP client hands back only the
 * body of a download, so the name is rebuilt here rather than read from Content-Disposition.
 */
export function deductionsFileName({ month, year }: DeductionsMonth): string {
  return `retenues-paie-${year}-${String(month).padStart(2, '0')}.csv`;
}

/** GET /payroll/deductions/export?month=&year=: the statement as a CSV for French Excel. */
export function exportPayrollDeductions(period: DeductionsMonth): Promise<Blob> {
  return http.getBlob('/payroll/deductions/export', { params: { month: period.month, year: period.year } });
}

export function useExportPayrollDeductionsMutation() {
  return useMutation({
    mutationFn: async (period: DeductionsMonth) => {
      saveFile(await exportPayrollDeductions(period), deductionsFileName(period));
    },
  });
}
