import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBonusTransaction } from '@tasbiq/contracts/bonuses';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** The employee's own bonuses (a different cache from HR's lists). */
export const ownBonusesQueryKey = ['own-bonuses'] as const;

/** GET /bonuses/transactions: the employee's confirmed, paid or failed bonuses. */
export function useOwnBonusesQuery(params: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...ownBonusesQueryKey, 'list', params],
    queryFn: () =>
      http.get<TPaginated<TBonusTransaction>>('/bonuses/transactions/', {
        params: { limit: params.limit, offset: params.offset || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /bonuses/transactions/unseen: paid bonuses not yet celebrated. */
export function useUnseenBonusesQuery() {
  return useQuery({
    queryKey: [...ownBonusesQueryKey, 'unseen'],
    queryFn: () => http.get<TBonusTransaction[]>('/bonuses/transactions/unseen/'),
  });
}

/** POST /bonuses/transactions/{id}/seen/: celebrated once, not again. */
export function useMarkBonusSeenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.post<{ id: number; is_seen: true }>(`/bonuses/transactions/${id}/seen/`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownBonusesQueryKey }),
  });
}
