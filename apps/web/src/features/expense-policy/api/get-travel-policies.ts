import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

export type TravelPolicyListParams = { limit: number; offset: number };

/** GET /expenses/travel_policies/: any→any first, then by departure and arrival. */
export function getTravelPolicies({
  limit,
  offset,
}: TravelPolicyListParams): Promise<TPaginated<TTravelPolicy>> {
  return http.get<TPaginated<TTravelPolicy>>('/expenses/travel_policies/', {
    params: { limit, offset: offset || undefined },
  });
}

export function useTravelPoliciesQuery(params: TravelPolicyListParams) {
  return useQuery({
    queryKey: [...expensePolicyQueryKey, 'travel-policies', params],
    queryFn: () => getTravelPolicies(params),
    placeholderData: keepPreviousData,
  });
}
