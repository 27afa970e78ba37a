import { useQuery } from '@tanstack/react-query';
import type { TPayslipJob } from '@tasbiq/contracts/payslips';
import { http } from '../../../lib/http/client.ts';
import { payslipsQueryKey } from './list-payslips.ts';

/** How often a job still reading its file is asked for its progress. */
export const JOB_PROGRESS_POLL_MS = 1000;

export function getPayslipJob(id: number) {
  return http.get<TPayslipJob>(`/fiches/jobs/${id}/`);
}

export function usePayslipJobQuery(id: number) {
  return useQuery({
    queryKey: [...payslipsQueryKey, 'job', id],
    queryFn: () => getPayslipJob(id),
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? JOB_PROGRESS_POLL_MS : false),
  });
}
