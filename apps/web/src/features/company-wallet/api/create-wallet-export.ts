import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWalletExport, TWalletExportRequest } from '@tasbiq/contracts/company-wallet';
import { http } from '../../../lib/http/client.ts';
import { walletExportsQueryKey } from './list-wallet-exports.ts';
import type { WalletFilters } from './list-wallet-transactions.ts';

/** The export takes the list's filters as they are on screen; empty ones are left out. */
export function exportRequestOf(filters: WalletFilters): TWalletExportRequest {
  const body: TWalletExportRequest = {};
  if (filters.transaction_type) body.transaction_type = filters.transaction_type;
  if (filters.search) body.search = filters.search;
  if (filters.created_after) body.created_after = filters.created_after;
  if (filters.created_before) body.created_before = filters.created_before;
  return body;
}

/** POST /company/wallet/export/: the API writes the CSV at once and answers the history row. */
export function createWalletExport(filters: WalletFilters): Promise<TWalletExport> {
  return http.post<TWalletExport>('/company/wallet/export/', exportRequestOf(filters));
}

export function useCreateWalletExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWalletExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletExportsQueryKey }),
  });
}
