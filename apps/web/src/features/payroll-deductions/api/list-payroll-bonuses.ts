import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayrollBonusesPage } from '@tasbiq/contracts/payroll';
import { http } from '../../../lib/http/client.ts';
import type { PayrollDeductionsParams } from './list-payroll-deductions.ts';

export const payrollBonusesQueryKey = ['payroll', 'bonuses'] as const;

/** One page of the month's « Primes », with the totals of everything the search keeps. */
export function listPayrollBonuses(params: PayrollDeductionsParams): Promise<TPayrollBonusesPage> {
  return http.get<TPayrollBonusesPage>('/payroll/bonuses/', {
    params: { ...params, offset: params.offset || undefined },
  });
}

export function usePayrollBonusesQuery(params: PayrollDeductionsParams) {
  return useQuery({
    queryKey: [...payrollBonusesQueryKey, params],
    queryFn: () => listPayrollBonuses(params),
    placeholderData: keepPreviousData,
  });
}
