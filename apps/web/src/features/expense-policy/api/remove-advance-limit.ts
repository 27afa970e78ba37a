import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdvanceLimit } from '@tasbiq/contracts/expense-policy';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** POST /expenses/advance_limit/bulk_save/ with amount null: that group (or the ungrouped) has no limit any more. */
export function removeAdvanceLimit(group: number | null): Promise<TAdvanceLimit[]> {
  return http.post<TAdvanceLimit[]>('/expenses/advance_limit/bulk_save/', {
    limits: [{ group, amount: null }],
  });
}

export function useRemoveAdvanceLimitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdvanceLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensePolicyQueryKey }),
  });
}
