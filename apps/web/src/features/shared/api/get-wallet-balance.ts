import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@tasbiq/contracts/company-wallet';
import { http } from '../../../lib/http/client.ts';

/**
 * Every company-wallet query starts with this key (balance, movements, exports): a new export or
 * movement refreshes them together, on the wallet screen and the HR dashboard alike.
 */
export const walletQueryKey = ['company-wallet'] as const;

export function getWalletBalance(): Promise<TWalletBalance> {
  return http.get<TWalletBalance>('/company/wallet/balance');
}

/** GET /company/wallet/balance: one cache entry for the wallet screen and the dashboard card. */
export const walletBalanceQuery = queryOptions({
  queryKey: [...walletQueryKey, 'balance'],
  queryFn: getWalletBalance,
});

export function useWalletBalanceQuery() {
  return useQuery(walletBalanceQuery);
}
