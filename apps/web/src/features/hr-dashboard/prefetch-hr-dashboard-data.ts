import type { QueryClient } from '@tanstack/react-query';
import { settingsQuery } from '../session/api/get-settings.ts';
import { walletBalanceQuery } from '../shared/api/get-wallet-balance.ts';
import { dailyStatsQuery } from './api/get-daily-stats.ts';
import { hrStatsQuery } from './api/get-hr-stats.ts';
import { lastTransactionsQuery } from './api/get-last-transactions.ts';
import { latestBonusesQuery } from './api/get-latest-bonuses.ts';

/**
 * The dashboard's own calls, started with the session calls when a visit begins on /rh (the
 * route's handle, app/lazy-screen.tsx). The blocks of a feature wait for the company's switches,
 * already on their way with the session: a feature that is off is not asked for.
 */
export function prefetchHrDashboardData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(walletBalanceQuery);
  void queryClient.prefetchQuery(hrStatsQuery);
  void queryClient.prefetchQuery(lastTransactionsQuery);
  queryClient.fetchQuery(settingsQuery).then(
    (settings) => {
      if (settings.advances_enabled) void queryClient.prefetchQuery(dailyStatsQuery('advances'));
      if (settings.recharges_enabled) void queryClient.prefetchQuery(dailyStatsQuery('recharges'));
      if (settings.bonuses_enabled) void queryClient.prefetchQuery(latestBonusesQuery);
    },
    () => {}, // the session shows why the settings could not be read
  );
}
