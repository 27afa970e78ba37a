import { useQuery } from '@tanstack/react-query';
import type { TAdvanceLimit } from '@tasbiq/contracts/expense-policy';
import { http } from '../../../lib/http/client.ts';

/** Every policy query starts with this key: any change of the policy refreshes them all (history too). */
export const expensePolicyQueryKey = ['expense-policy'] as const;

/** GET /expenses/advance_limit/: the ungrouped line first, then every group (amount null when unset). */
export function getAdvanceLimits(): Promise<TAdvanceLimit[]> {
  return http.get<TAdvanceLimit[]>('/expenses/advance_limit/');
}

export function useAdvanceLimitsQuery() {
  return useQuery({ queryKey: [...expensePolicyQueryKey, 'advance-limits'], queryFn: getAdvanceLimits });
}
