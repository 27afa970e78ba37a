import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POLICY_ITEMS_PAGE_SIZE, type TPolicyItem } from '@tasbiq/contracts/expenses';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { expensePolicyQueryKey } from './get-advance-limits.ts';

/** GET /expenses/policy_items/: category ceilings, the ungrouped first then groups by name, 10 a page. */
export function getPolicyItems(params: { offset: number; group?: number | null }) {
  const scope =
    params.group === undefined ? {} : params.group === null ? { ungrouped: true } : { group: params.group };
  return http.get<TPaginated<TPolicyItem>>('/expenses/policy_items/', {
    params: { limit: POLICY_ITEMS_PAGE_SIZE, offset: params.offset || undefined, ...scope },
  });
}

export function usePolicyItemsQuery(offset: number) {
  return useQuery({
    queryKey: [...expensePolicyQueryKey, 'policy-items', { offset }],
    queryFn: () => getPolicyItems({ offset }),
    placeholderData: keepPreviousData,
  });
}

/** One group's ceilings (null: the ungrouped employees'): at most 7, one page. */
export function useGroupPolicyItemsQuery(group: number | null | undefined) {
  return useQuery({
    queryKey: [...expensePolicyQueryKey, 'policy-items', { group }],
    queryFn: () => getPolicyItems({ offset: 0, group }),
    enabled: group !== undefined,
  });
}
