import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayslipJob } from '@tasbiq/contracts/payslips';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { payslipsQueryKey } from './list-payslips.ts';

export function listPayslipJobs(page: { limit: number; offset: number }) {
  return http.get<TPaginated<TPayslipJob>>('/fiches/jobs/', {
    params: { limit: page.limit, offset: page.offset || undefined },
  });
}

/** The extractions, newest first; polled while one is still reading its file. */
export function usePayslipJobsQuery(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...payslipsQueryKey, 'jobs', page],
    queryFn: () => listPayslipJobs(page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((job) => job.status === 'in_progress') ? 2000 : false,
  });
}
