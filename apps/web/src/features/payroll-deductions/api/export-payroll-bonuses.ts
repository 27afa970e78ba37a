import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';
import type { DeductionsExport } from './export-payroll-deductions.ts';

/** The name the API gives the file: primes-paie-YYYY-MM.csv, "-recherche" for a search. */
export function payrollBonusesFileName({ month, year, search }: DeductionsExport): string {
  return `primes-paie-${year}-${String(month).padStart(2, '0')}${search ? '-recherche' : ''}.csv`;
}

/** GET /payroll/bonuses/export?month=&year=&search=: the month's « Primes » as a CSV for French Excel. */
export function exportPayrollBonuses({ month, year, search }: DeductionsExport): Promise<Blob> {
  return http.getBlob('/payroll/bonuses/export', {
    params: search ? { month, year, search } : { month, year },
  });
}

export function useExportPayrollBonusesMutation() {
  return useMutation({
    mutationFn: async (what: DeductionsExport) => {
      saveFile(await exportPayrollBonuses(what), payrollBonusesFileName(what));
    },
  });
}
