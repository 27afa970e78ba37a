import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayrollDeduction, TPayrollDeductionTotals } from '@tasbiq/contracts/payroll';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export const payrollDeductionsQueryKey = ['payroll', 'deductions'] as const;

export type PayrollDeductionsParams = {
  month: number;
  year: number;
  limit: number;
  offset: number;
  search?: string;
};

/** One page of the statement, with the whole month's totals (not only this page's). */
export type PayrollDeductionsPage = TPaginated<TPayrollDeduction> & {
  totals?: TPayrollDeductionTotals;
};

export function listPayrollDeductions(params: PayrollDeductionsParams): Promise<PayrollDeductionsPage> {
  return http.get<PayrollDeductionsPage>('/payroll/deductions/', {
    params: { ...params, offset: params.offset || undefined },
  });
}

export function usePayrollDeductionsQuery(params: PayrollDeductionsParams) {
  return useQuery({
    queryKey: [...payrollDeductionsQueryKey, params],
    queryFn: () => listPayrollDeductions(params),
    placeholderData: keepPreviousData,
  });
}
