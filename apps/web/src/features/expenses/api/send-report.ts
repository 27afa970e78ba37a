import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExpenseReport } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

/** POST /expenses/odm/{id}/assign/ {expenses}: drafts join the report of an approved order. */
export function assignExpenses(input: { orderId: number; expenses: number[] }) {
  return http.post<TExpenseReport>(`/expenses/odm/${input.orderId}/assign/`, { expenses: input.expenses });
}

/** POST /expenses/odm/{id}/send/: the report goes for validation. */
export function sendReport(orderId: number) {
  return http.post<TExpenseReport>(`/expenses/odm/${orderId}/send/`);
}

function useReportMutation<I>(mutationFn: (input: I) => Promise<TExpenseReport>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The orders' own screens show the report status too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: expensesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['mission-orders'] }),
      ]),
  });
}

export const useAssignExpensesMutation = () => useReportMutation(assignExpenses);
export const useSendReportMutation = () => useReportMutation(sendReport);
