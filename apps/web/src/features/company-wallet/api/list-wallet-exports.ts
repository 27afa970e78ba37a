import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TWalletExport } from '@tasbiq/contracts/company-wallet';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { walletQueryKey } from '../../shared/api/get-wallet-balance.ts';

export const walletExportsQueryKey = [...walletQueryKey, 'exports'] as const;

export type WalletExportsParams = { limit: number; offset: number };

/** GET /company/wallet/export: the export history, newest first. */
export function listWalletExports(params: WalletExportsParams): Promise<TPaginated<TWalletExport>> {
  return http.get<TPaginated<TWalletExport>>('/company/wallet/export', {
    params: { limit: params.limit, offset: params.offset || undefined },
  });
}

export function useWalletExportsQuery(params: WalletExportsParams) {
  return useQuery({
    queryKey: [...walletExportsQueryKey, params],
    queryFn: () => listWalletExports(params),
    placeholderData: keepPreviousData,
  });
}
