import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdvanceSimulation } from '@tasbiq/contracts/advances';
import { http } from '../../../lib/http/client.ts';
import { advancesQueryKey } from '../../shared/api/money-queries.ts';

/** POST /advances/simulate/ {amount}: fee, total and what would remain; refusals come as `error_code`. */
export function simulateAdvance(amount: number, signal?: AbortSignal): Promise<TAdvanceSimulation> {
  return http.post<TAdvanceSimulation>('/advances/simulate/', { amount: String(amount) }, { signal });
}

/**
 * A read, although a POST: cached per amount like a query, so typing back an amount shows its
 * answer at once and a newer amount cancels the call in flight. `amount` null: nothing to simulate.
 */
export function useAdvanceSimulationQuery(amount: number | null) {
  return useQuery({
    queryKey: [...advancesQueryKey, 'simulate', amount],
    queryFn: ({ signal }) => simulateAdvance(amount ?? 0, signal),
    enabled: amount !== null,
    // The previous answer stays on screen while the next one loads: no flicker while typing.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
