import { useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@tasbiq/contracts/company-wallet';
import { http } from '../../../lib/http/client.ts';

/** Same key as the wallet screen's balance: the two share one cache entry. */
export const walletBalanceQueryKey = ['company-wallet', 'balance'] as const;

export function getWalletBalance(): Promise<TWalletBalance> {
  return http.get<TWalletBalance>('/company/wallet/balance');
}

export function useWalletBalanceQuery() {
  return useQuery({ queryKey: walletBalanceQueryKey, queryFn: getWalletBalance });
}
