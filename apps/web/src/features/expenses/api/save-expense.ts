import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExpense } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

export type ExpenseFormValues = {
  title: string;
  category: string;
  expense_date: string;
  amount: string;
  guests: string;
};
/** What the OCR read, sent back so the server can count how often the pre-fill was right. */
export type OcrValues = { ocr_amount?: string; ocr_date?: string; ocr_merchant?: string };

function formOf(values: ExpenseFormValues & OcrValues, receipt: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null) form.append(key, value);
  if (receipt) form.append('receipt', receipt, receipt.name);
  return form;
}

/** POST /expenses/ (multipart): a draft with its receipt. */
export function createExpense(input: { values: ExpenseFormValues & OcrValues; receipt: File }) {
  return http.post<TExpense>('/expenses/', formOf(input.values, input.receipt));
}

/** PATCH /expenses/{id}/ (multipart): a draft or returned expense, optionally with a new receipt. */
export function updateExpense(input: { id: number; values: ExpenseFormValues; receipt: File | null }) {
  return http.patch<TExpense>(`/expenses/${input.id}/`, formOf(input.values, input.receipt));
}

/** DELETE /expenses/{id}/. */
export function deleteExpense(id: number) {
  return http.delete(`/expenses/${id}/`);
}

/** DELETE /expenses/bulk_delete/?ids=…: own drafts, all or none. */
export function bulkDeleteExpenses(ids: number[]) {
  return http.delete<{ deleted: number }>('/expenses/bulk_delete/', { params: { ids: ids.join(',') } });
}

function useExpenseMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesQueryKey }),
  });
}

export const useCreateExpenseMutation = () => useExpenseMutation(createExpense);
export const useUpdateExpenseMutation = () => useExpenseMutation(updateExpense);
export const useDeleteExpenseMutation = () => useExpenseMutation(deleteExpense);
export const useBulkDeleteExpensesMutation = () => useExpenseMutation(bulkDeleteExpenses);
