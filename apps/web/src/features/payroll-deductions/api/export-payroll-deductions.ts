import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

export type DeductionsMonth = { month: number; year: number };
/** The month and, when the screen has one, its search: the file holds what the screen lists. */
export type DeductionsExport = DeductionsMonth & { search?: string };

/**
 * The name the API gives the file (retenues-paie-YYYY-MM.csv, "-recherche" for a search). The HTTP
 * client hands back only the body of a download, so the name is rebuilt here rather than read from
 * Content-Disposition.
 */
export function deductionsFileName({ month, year, search }: DeductionsExport): string {
  return `retenues-paie-${year}-${String(month).padStart(2, '0')}${search ? '-recherche' : ''}.csv`;
}

/** GET /payroll/deductions/export?month=&year=&search=: the statement as a CSV for French Excel. */
export function exportPayrollDeductions({ month, year, search }: DeductionsExport): Promise<Blob> {
  return http.getBlob('/payroll/deductions/export', {
    params: search ? { month, year, search } : { month, year },
  });
}

export function useExportPayrollDeductionsMutation() {
  return useMutation({
    mutationFn: async (what: DeductionsExport) => {
      saveFile(await exportPayrollDeductions(what), deductionsFileName(what));
    },
  });
}
