import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdvanceStatus } from '@tasbiq/contracts/money';
import type { TTransaction, TTransactionType } from '@tasbiq/contracts/transactions';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { transactionsQueryKey } from '../../shared/api/money-queries.ts';

/** GET /transactions/ filters (spec §7 plus offset, month, year; `search` on the employee). */
export type TransactionsParams = {
  limit: number;
  offset: number;
  type_in?: TTransactionType[];
  status?: TAdvanceStatus;
  month?: number;
  year?: number;
  search?: string;
};

export function listTransactions(params: TransactionsParams): Promise<TPaginated<TTransaction>> {
  return http.get<TPaginated<TTransaction>>('/transactions/', {
    params: { ...params, offset: params.offset || undefined },
  });
}

export function useTransactionsQuery(params: TransactionsParams) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'list', params],
    queryFn: () => listTransactions(params),
    placeholderData: keepPreviousData,
  });
}
