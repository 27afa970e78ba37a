import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPayslipJob } from '@tasbiq/contracts/payslips';
import { http } from '../../../lib/http/client.ts';
import { payslipsQueryKey } from './list-payslips.ts';

/** POST /fiches/jobs/ (multipart `file`): the answer is the job, `in_progress`. */
export function uploadPayslips(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<TPayslipJob>('/fiches/jobs/', form);
}

export function useUploadPayslipsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPayslips,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...payslipsQueryKey, 'jobs'] }),
  });
}
