import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_LAST_TRANSACTIONS } from '@tasbiq/contracts/constants';
import type { TTransaction } from '@tasbiq/contracts/transactions';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { transactionsQueryKey } from '../../shared/api/money-queries.ts';

/** GET /transactions/?limit=10: the company's latest advances and top-ups (spec §9). */
export function getLastTransactions(): Promise<TPaginated<TTransaction>> {
  return http.get<TPaginated<TTransaction>>('/transactions/', {
    params: { limit: DASHBOARD_LAST_TRANSACTIONS },
  });
}

export const lastTransactionsQuery = queryOptions({
  queryKey: [...transactionsQueryKey, 'last', DASHBOARD_LAST_TRANSACTIONS],
  queryFn: getLastTransactions,
});

export function useLastTransactionsQuery() {
  return useQuery(lastTransactionsQuery);
}
