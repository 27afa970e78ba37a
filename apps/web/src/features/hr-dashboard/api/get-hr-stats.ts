import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THrStats } from '@tasbiq/contracts/stats';
import { http } from '../../../lib/http/client.ts';

export const hrStatsQueryKey = ['stats', 'rh'] as const;

/** GET /stats/rh: the current Casablanca month's key figures. */
export function getHrStats(): Promise<THrStats> {
  return http.get<THrStats>('/stats/rh');
}

export const hrStatsQuery = queryOptions({ queryKey: hrStatsQueryKey, queryFn: getHrStats });

export function useHrStatsQuery() {
  return useQuery(hrStatsQuery);
}
