import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { rechargesQueryKey } from '../../shared/api/money-queries.ts';
import type { HistoryListParams } from './list-advances.ts';

/**
 * GET /recharges/?employee=me&month=&year=: the caller's own top-ups of a Casablanca month
 * (`employee=me`: an HR user in employee mode would otherwise get the company's).
 */
export function listMyRecharges(params: HistoryListParams): Promise<TPaginated<TRecharge>> {
  return http.get<TPaginated<TRecharge>>('/recharges/', {
    params: { employee: 'me', ...params, offset: params.offset || undefined },
  });
}

export function useMyRechargesQuery(params: HistoryListParams) {
  return useQuery({
    queryKey: [...rechargesQueryKey, 'list', 'me', params],
    queryFn: () => listMyRecharges(params),
    placeholderData: keepPreviousData,
  });
}
