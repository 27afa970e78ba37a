import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdvance } from '@tasbiq/contracts/advances';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { advancesQueryKey } from '../../shared/api/money-queries.ts';

export type HistoryListParams = { month: number; year: number; limit: number; offset: number };

/**
 * GET /advances/?employee=me&month=&year=: the caller's own advances of a Casablanca month.
 * `employee=me` matters for HR users in employee mode, who would otherwise get the company's.
 */
export function listMyAdvances(params: HistoryListParams): Promise<TPaginated<TAdvance>> {
  return http.get<TPaginated<TAdvance>>('/advances/', {
    params: { employee: 'me', ...params, offset: params.offset || undefined },
  });
}

export function useMyAdvancesQuery(params: HistoryListParams) {
  return useQuery({
    queryKey: [...advancesQueryKey, 'list', 'me', params],
    queryFn: () => listMyAdvances(params),
    placeholderData: keepPreviousData,
  });
}
