import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeImportResponse } from '@tasbiq/contracts/employee-imports';
import { type UploadCallbacks, uploadWithProgress } from './upload-with-progress.ts';

export type ImportEmployeesInput = { file: File; sendSms: boolean } & UploadCallbacks;

/** POST /employees/import/ (multipart `csvfile`, `send_sms`): all rows imported, or none and a report. */
export function importEmployees({ file, sendSms, ...callbacks }: ImportEmployeesInput) {
  const form = new FormData();
  form.append('csvfile', file, file.name);
  form.append('send_sms', sendSms ? 'true' : 'false');
  return uploadWithProgress<TEmployeeImportResponse>('/employees/import/', form, callbacks);
}

/** New employees: every list, count and statistic of employees is stale. */
export function useImportEmployeesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEmployees,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
        queryClient.invalidateQueries({ queryKey: ['groups'] }),
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]),
  });
}
