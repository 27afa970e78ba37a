import { useQuery } from '@tanstack/react-query';
import type { TExpense } from '@tasbiq/contracts/expenses';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

/** The most drafts offered at once for a report (a trip's pocket of receipts fits). */
export const ASSIGNABLE_LIMIT = 100;

/** GET /expenses/?status=draft&unassigned=true: the caller's drafts in no report yet. */
export function listAssignableExpenses() {
  return http.get<TPaginated<TExpense>>('/expenses/', {
    params: { status: 'draft', unassigned: 'true', limit: ASSIGNABLE_LIMIT },
  });
}

export function useAssignableExpensesQuery() {
  return useQuery({
    queryKey: [...expensesQueryKey, 'assignable'],
    queryFn: listAssignableExpenses,
  });
}
