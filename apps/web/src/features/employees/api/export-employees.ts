import { useMutation } from '@tanstack/react-query';
import type { TEmployeeListParams } from '@tasbiq/contracts/employees';
import { casablancaDay } from '../../../lib/dates/casablanca-day.ts';
import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';
import { employeeListQuery } from './list-employees.ts';

/** The name the API gives the file (salaries-YYYY-MM-DD.csv, Casablanca's date). */
export function exportFileName(now = new Date()): string {
  return `salaries-${casablancaDay(now)}.csv`;
}

export function exportEmployees(params: Omit<TEmployeeListParams, 'limit' | 'offset'>): Promise<Blob> {
  return http.getBlob('/employees/export', {
    params: { ...employeeListQuery(params), limit: undefined, offset: undefined, export_format: 'csv' },
  });
}

/** GET /employees/export with the list's filters, saved as salaries-YYYY-MM-DD.csv. */
export function useExportEmployeesMutation() {
  return useMutation({
    mutationFn: async (params: Omit<TEmployeeListParams, 'limit' | 'offset'>) => {
      const blob = await exportEmployees(params);
      saveFile(blob, exportFileName());
    },
  });
}
