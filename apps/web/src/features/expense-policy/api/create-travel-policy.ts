import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTravelPolicy, TTravelPolicyInput } from '@tasbiq/contracts/expense-policy';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** POST /expenses/travel_policies/bulk_create/ with one route (the screen adds them one at a time). */
export async function createTravelPolicy(body: TTravelPolicyInput): Promise<TTravelPolicy> {
  const [created] = await http.post<TTravelPolicy[]>('/expenses/travel_policies/bulk_create/', {
    policies: [body],
  });
  return created!;
}

export function useCreateTravelPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTravelPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensePolicyQueryKey }),
  });
}
