import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPolicyChange } from '@tasbiq/contracts/expense-policy';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** GET /expenses/policy_changes/: the history of the policy and of the validators, newest first. */
export function getPolicyChanges({ limit, offset }: { limit: number; offset: number }) {
  return http.get<TPaginated<TPolicyChange>>('/expenses/policy_changes/', {
    params: { limit, offset: offset || undefined },
  });
}

export function usePolicyChangesQuery(params: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...expensePolicyQueryKey, 'changes', params],
    queryFn: () => getPolicyChanges(params),
    placeholderData: keepPreviousData,
  });
}
