import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTravelPolicy, TUpdateTravelPolicyRequest } from '@tasbiq/contracts/expense-policy';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** PUT /expenses/travel_policies/{id}/ */
export function updateTravelPolicy({
  id,
  ...body
}: TUpdateTravelPolicyRequest & { id: number }): Promise<TTravelPolicy> {
  return http.put<TTravelPolicy>(`/expenses/travel_policies/${id}/`, body);
}

export function useUpdateTravelPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTravelPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensePolicyQueryKey }),
  });
}
