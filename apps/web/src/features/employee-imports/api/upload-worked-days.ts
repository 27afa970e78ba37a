import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkedDaysUploadResponse } from '@tasbiq/contracts/employee-imports';
import { type UploadCallbacks, uploadWithProgress } from './upload-with-progress.ts';

export type UploadWorkedDaysInput = { file: File; month: number; year: number } & UploadCallbacks;

/** POST /employees/wd/ (multipart `file`, `month`, `year`): every row saved, or none and a report. */
export function uploadWorkedDays({ file, month, year, ...callbacks }: UploadWorkedDaysInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('month', String(month));
  form.append('year', String(year));
  return uploadWithProgress<TWorkedDaysUploadResponse>('/employees/wd/', form, callbacks);
}

/** Worked days feed balances (methods 2 and 4) and the employee details. */
export function useUploadWorkedDaysMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadWorkedDays,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
        queryClient.invalidateQueries({ queryKey: ['employee'] }),
      ]),
  });
}
