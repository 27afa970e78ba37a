import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConfirmPayslipJobResult, TPayslip } from '@tasbiq/contracts/payslips';
import { http } from '../../../lib/http/client.ts';
import { payslipsQueryKey } from './list-payslips.ts';

/** POST /fiches/{id}/approve/ {approve}: publish one slip, or discard it. */
export function decidePayslip({ id, approve }: { id: number; approve: boolean }) {
  return http.post<TPayslip>(`/fiches/${id}/approve/`, { approve });
}

/** POST /fiches/jobs/{id}/confirm/ {approve}: every pending slip of the job at once. */
export function confirmPayslipJob({ jobId, approve }: { jobId: number; approve: boolean }) {
  return http.post<TConfirmPayslipJobResult>(`/fiches/jobs/${jobId}/confirm/`, { approve });
}

/** POST /fiches/{id}/match/ {employee}: HR names the employee of a slip. */
export function matchPayslip({ id, employee }: { id: number; employee: number }) {
  return http.post<TPayslip>(`/fiches/${id}/match/`, { employee });
}

function useInvalidatingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payslipsQueryKey }),
  });
}

export const useDecidePayslipMutation = () => useInvalidatingMutation(decidePayslip);
export const useConfirmPayslipJobMutation = () => useInvalidatingMutation(confirmPayslipJob);
export const useMatchPayslipMutation = () => useInvalidatingMutation(matchPayslip);
