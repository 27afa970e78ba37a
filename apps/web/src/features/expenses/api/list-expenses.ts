import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TExpense, TExpenseStatus } from '@tasbiq/contracts/expenses';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export const expensesQueryKey = ['expenses'] as const;

export type ExpenseListParams = { statusIn?: TExpenseStatus[]; limit: number; offset: number };

/** GET /expenses/: the caller's own expenses, newest first, with ceiling and refund. */
export function listExpenses(params: ExpenseListParams) {
  return http.get<TPaginated<TExpense>>('/expenses/', {
    params: {
      status_in: params.statusIn?.join(','),
      limit: params.limit,
      offset: params.offset || undefined,
    },
  });
}

export function useExpensesQuery(params: ExpenseListParams) {
  return useQuery({
    queryKey: [...expensesQueryKey, 'mine', params],
    queryFn: () => listExpenses(params),
    placeholderData: keepPreviousData,
  });
}
