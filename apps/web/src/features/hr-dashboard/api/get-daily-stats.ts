import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDailyStat } from '@tasbiq/contracts/advances';
import { http } from '../../../lib/http/client.ts';

/** The two daily series of the dashboard: advances and top-ups (same shape, one call each). */
export type DailySeries = 'advances' | 'recharges';

const paths: Record<DailySeries, string> = {
  advances: '/advances/stats/daily',
  recharges: '/recharges/stats/daily',
};

/** One point per Casablanca day, zeros filled, oldest first (the API's default span). */
export function getDailyStats(series: DailySeries): Promise<TDailyStat[]> {
  return http.get<TDailyStat[]>(paths[series]);
}

export function dailyStatsQuery(series: DailySeries) {
  return queryOptions({ queryKey: [series, 'stats', 'daily'], queryFn: () => getDailyStats(series) });
}

export function useDailyStatsQuery(series: DailySeries) {
  return useQuery(dailyStatsQuery(series));
}
