import { useQuery } from '@tanstack/react-query';
import type { TExpenseCategoryItem } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

/**
 * GET /expenses/categories (spec §7): every category with the caller's group's ceiling per day.
 * The form offers them all (a category without a ceiling is unlimited); `policy_defined=true`
 * would keep only those the DRH set for the group.
 */
export function listCategories() {
  return http.get<TExpenseCategoryItem[]>('/expenses/categories');
}

export function useCategoriesQuery() {
  return useQuery({
    queryKey: [...expensesQueryKey, 'categories'],
    queryFn: listCategories,
    staleTime: 5 * 60_000,
  });
}
