import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExpenseReport, TReportReply } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';
import { expenseReportQueryKey } from './get-expense-report.ts';
import { expensesQueryKey } from './list-expenses.ts';

/** POST /expenses/odm/{id}/approve/ {expenses, comment}: a validator or HR accepts some sent expenses. */
export function approveExpenses(input: { orderId: number; expenses: number[]; comment: string }) {
  return http.post<TExpenseReport>(`/expenses/odm/${input.orderId}/approve/`, {
    expenses: input.expenses,
    comment: input.comment || undefined,
  });
}

/** POST /expenses/odm/{id}/reply/expenses/all/ {reply, comment}: approve, reject or return every sent one. */
export function replyAllExpenses(input: { orderId: number; reply: TReportReply; comment: string }) {
  return http.post<TExpenseReport>(`/expenses/odm/${input.orderId}/reply/expenses/all/`, {
    reply: input.reply,
    comment: input.comment || undefined,
  });
}

function useReviewMutation<I extends { orderId: number }>(mutationFn: (input: I) => Promise<TExpenseReport>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (report, input) => {
      // The answer is the report as it now stands; the order's status row follows it.
      queryClient.setQueryData(expenseReportQueryKey(input.orderId), report);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: expensesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['mission-orders'] }),
      ]);
    },
  });
}

export const useApproveExpensesMutation = () => useReviewMutation(approveExpenses);
export const useReplyAllExpensesMutation = () => useReviewMutation(replyAllExpenses);
