import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBonus } from '@tasbiq/contracts/bonuses';
import { http } from '../../../lib/http/client.ts';

/** GET /bonuses/latest: the company's last 3 bonuses (spec §9), under the bonuses' cache key. */
export const latestBonusesQuery = queryOptions({
  queryKey: ['bonuses', 'latest'],
  queryFn: () => http.get<TBonus[]>('/bonuses/latest/'),
});

export function useLatestBonusesQuery() {
  return useQuery(latestBonusesQuery);
}
