import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdvanceLimit, TSaveAdvanceLimitRequest } from '@tasbiq/contracts/expense-policy';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** POST /expenses/advance_limit/: sets one limit (group null: the ungrouped employees). */
export function saveAdvanceLimit(body: TSaveAdvanceLimitRequest): Promise<TAdvanceLimit> {
  return http.post<TAdvanceLimit>('/expenses/advance_limit/', body);
}

export function useSaveAdvanceLimitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdvanceLimit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensePolicyQueryKey }),
  });
}
