import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import { useEffect, useRef } from 'react';
import { http } from '../../../lib/http/client.ts';
import { invalidateMoneyQueries, rechargesQueryKey } from '../../shared/api/money-queries.ts';

/** How often the outcome screen asks whether the operator has answered, and for how long. */
export const RECHARGE_POLL_MS = 1_500;
export const RECHARGE_POLL_MAX_MS = 60_000;

export function isRechargeSettled(recharge: Pick<TRecharge, 'status'>): boolean {
  return recharge.status === 'executed' || recharge.status === 'failed';
}

/** GET /recharges/{id}: the top-up just requested (its status moves as the operator answers). */
export function getRecharge(id: number): Promise<TRecharge> {
  return http.get<TRecharge>(`/recharges/${id}`);
}

/**
 * The top-up just requested, polled until the operator's answer (executed or failed) or for a
 * minute at most; the list and the balance are refreshed once it is settled.
 */
export function useRechargeOutcomeQuery(initial: TRecharge) {
  const queryClient = useQueryClient();
  const startedAt = useRef(Date.now());
  const query = useQuery({
    queryKey: [...rechargesQueryKey, 'detail', initial.id],
    queryFn: () => getRecharge(initial.id),
    initialData: initial,
    // The creation answer is fresh, but a job usually settles it within a second or two.
    initialDataUpdatedAt: 0,
    refetchInterval: (current) => {
      const data = current.state.data;
      if (data && isRechargeSettled(data)) return false;
      return Date.now() - startedAt.current < RECHARGE_POLL_MAX_MS ? RECHARGE_POLL_MS : false;
    },
  });
  const settled = isRechargeSettled(query.data);
  useEffect(() => {
    // A failure gave the money back; an execution moved it: both change the balance and lists.
    if (settled) void invalidateMoneyQueries(queryClient);
  }, [settled, queryClient]);
  return query;
}
