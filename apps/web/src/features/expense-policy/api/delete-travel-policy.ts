import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** DELETE /expenses/travel_policies/{id}/ */
export function deleteTravelPolicy(id: number): Promise<void> {
  return http.delete(`/expenses/travel_policies/${id}/`);
}

export function useDeleteTravelPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTravelPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensePolicyQueryKey }),
  });
}
