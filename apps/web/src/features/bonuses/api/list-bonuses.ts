import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBonus } from '@tasbiq/contracts/bonuses';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** Every HR bonus query starts with this key: a write refreshes them all. */
export const bonusesQueryKey = ['bonuses'] as const;

export type BonusListParams = {
  limit: number;
  offset: number;
  status?: string;
  type?: string;
  title?: string;
  recurrence_type?: string;
  created_after?: string;
  created_before?: string;
  search?: string;
};

export function listBonuses(params: BonusListParams): Promise<TPaginated<TBonus>> {
  return http.get<TPaginated<TBonus>>('/bonuses/', {
    params: { ...params, offset: params.offset || undefined, search: params.search?.trim() || undefined },
  });
}

/** GET /bonuses/: one page of the company's bonuses, the previous page kept while the next loads. */
export function useBonusesQuery(params: BonusListParams) {
  return useQuery({
    queryKey: [...bonusesQueryKey, 'list', params],
    queryFn: () => listBonuses(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /bonuses/saved/: the models HR can start a new bonus from. */
export function useSavedBonusesQuery() {
  return useQuery({
    queryKey: [...bonusesQueryKey, 'saved'],
    queryFn: () => http.get<TPaginated<TBonus>>('/bonuses/saved/', { params: { limit: 50 } }),
  });
}
