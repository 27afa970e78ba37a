import { useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@tasbiq/contracts/company-wallet';
import { http } from '../../../lib/http/client.ts';

/** Every wallet query starts with this key: a new export or movement refreshes them together. */
export const walletQueryKey = ['company-wallet'] as const;

export function getWalletBalance(): Promise<TWalletBalance> {
  return http.get<TWalletBalance>('/company/wallet/balance');
}

export function useWalletBalanceQuery() {
  return useQuery({ queryKey: [...walletQueryKey, 'balance'], queryFn: getWalletBalance });
}
