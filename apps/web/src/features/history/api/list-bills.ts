import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBill } from '@tasbiq/contracts/bills';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { billsQueryKey } from '../../shared/api/money-queries.ts';
import type { HistoryListParams } from './list-advances.ts';

/** GET /bills/?employee=me&month=&year=: the caller's own bills of a Casablanca month. */
export function listMyBills(params: HistoryListParams): Promise<TPaginated<TBill>> {
  return http.get<TPaginated<TBill>>('/bills/', {
    params: { employee: 'me', ...params, offset: params.offset || undefined },
  });
}

export function useMyBillsQuery(params: HistoryListParams) {
  return useQuery({
    queryKey: [...billsQueryKey, 'list', 'me', params],
    queryFn: () => listMyBills(params),
    placeholderData: keepPreviousData,
  });
}
