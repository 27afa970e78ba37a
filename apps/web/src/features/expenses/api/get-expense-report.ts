import { useQuery } from '@tanstack/react-query';
import type { TExpenseReport } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

/** Under the expenses' key: saving, deleting or assigning an expense refreshes the report too. */
export const expenseReportQueryKey = (orderId: number) => [...expensesQueryKey, 'report', orderId] as const;

/**
 * GET /expenses/odm/{id}/expenses/: the report of an order (its owner, a validator or HR), its
 * expenses by date with their ceiling and refund, and the totals.
 */
export function getExpenseReport(orderId: number) {
  return http.get<TExpenseReport>(`/expenses/odm/${orderId}/expenses/`);
}

export function useExpenseReportQuery(orderId: number) {
  return useQuery({ queryKey: expenseReportQueryKey(orderId), queryFn: () => getExpenseReport(orderId) });
}
