import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPolicyItem, TPolicyItemsBulkSaveRequest } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** POST /expenses/policy_items/bulk_save/ (DRH): all the items or none; an empty ceiling is unlimited. */
export function savePolicyItems(body: TPolicyItemsBulkSaveRequest): Promise<TPolicyItem[]> {
  return http.post<TPolicyItem[]>('/expenses/policy_items/bulk_save/', body);
}

export function useSavePolicyItemsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePolicyItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensePolicyQueryKey }),
  });
}
