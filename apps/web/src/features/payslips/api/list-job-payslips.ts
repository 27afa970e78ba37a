import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayslip, TPayslipStatus } from '@tasbiq/contracts/payslips';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { JOB_PROGRESS_POLL_MS } from './get-payslip-job.ts';
import { payslipsQueryKey } from './list-payslips.ts';

export type JobPayslipsParams = { statusIn?: TPayslipStatus[]; limit: number; offset: number };

export function listJobPayslips(jobId: number, params: JobPayslipsParams) {
  return http.get<TPaginated<TPayslip>>(`/fiches/jobs/${jobId}/fiches/`, {
    params: {
      status_in: params.statusIn?.join(','),
      limit: params.limit,
      offset: params.offset || undefined,
    },
  });
}

/** The slips of a job, in page order; polled with the job while it reads its file. */
export function useJobPayslipsQuery(jobId: number, params: JobPayslipsParams, inProgress: boolean) {
  return useQuery({
    queryKey: [...payslipsQueryKey, 'job', jobId, 'fiches', params],
    queryFn: () => listJobPayslips(jobId, params),
    placeholderData: keepPreviousData,
    refetchInterval: inProgress ? JOB_PROGRESS_POLL_MS : false,
  });
}
