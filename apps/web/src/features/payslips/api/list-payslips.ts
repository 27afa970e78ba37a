import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayslip } from '@tasbiq/contracts/payslips';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export const payslipsQueryKey = ['payslips'] as const;

export type PayslipFilters = {
  month?: number;
  year?: number;
  search?: string;
  approved?: boolean;
  limit: number;
  offset: number;
};

/** GET /fiches as HR: the company's slips with the spec's filters. */
export function listPayslips(filters: PayslipFilters) {
  return http.get<TPaginated<TPayslip>>('/fiches/', {
    params: { ...filters, offset: filters.offset || undefined },
  });
}

export function usePayslipsQuery(filters: PayslipFilters) {
  return useQuery({
    queryKey: [...payslipsQueryKey, 'hr', filters],
    queryFn: () => listPayslips(filters),
    placeholderData: keepPreviousData,
  });
}
