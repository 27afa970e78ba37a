import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPayrollDeductionsPage } from '@tasbiq/contracts/payroll';
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
export function listPayrollDeductions(params: PayrollDeductionsParams): Promise<TPayrollDeductionsPage> {
  return http.get<TPayrollDeductionsPage>('/payroll/deductions/', {
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
