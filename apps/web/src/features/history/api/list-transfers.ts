import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTransfer } from '@tasbiq/contracts/transfers';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { transfersQueryKey } from '../../shared/api/money-queries.ts';
import type { HistoryListParams } from './list-advances.ts';

/** GET /transfers/?employee=me&month=&year=: the caller's own transfers of a Casablanca month. */
export function listMyTransfers(params: HistoryListParams): Promise<TPaginated<TTransfer>> {
  return http.get<TPaginated<TTransfer>>('/transfers/', {
    params: { employee: 'me', ...params, offset: params.offset || undefined },
  });
}

export function useMyTransfersQuery(params: HistoryListParams) {
  return useQuery({
    queryKey: [...transfersQueryKey, 'list', 'me', params],
    queryFn: () => listMyTransfers(params),
    placeholderData: keepPreviousData,
  });
}
