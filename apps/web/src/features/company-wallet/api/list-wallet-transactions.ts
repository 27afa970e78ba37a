import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TWalletTransaction, TWalletTransactionType } from '@tasbiq/contracts/company-wallet';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { walletQueryKey } from '../../shared/api/get-wallet-balance.ts';

/** The wallet list's filters, as the API names them (spec §7: limit, page, transaction_type…). */
export type WalletFilters = {
  transaction_type?: TWalletTransactionType;
  search?: string;
  /** Inclusive Casablanca days, YYYY-MM-DD. */
  created_after?: string;
  created_before?: string;
};

export type WalletTransactionsParams = WalletFilters & { limit: number; page: number };

export function listWalletTransactions(
  params: WalletTransactionsParams,
): Promise<TPaginated<TWalletTransaction>> {
  // Page 1 is the API's default: leaving it out keeps the first page's address short.
  return http.get<TPaginated<TWalletTransaction>>('/company/wallet/transactions', {
    params: { ...params, page: params.page > 1 ? params.page : undefined },
  });
}

export function useWalletTransactionsQuery(params: WalletTransactionsParams, enabled = true) {
  return useQuery({
    queryKey: [...walletQueryKey, 'transactions', params],
    queryFn: () => listWalletTransactions(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
