import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccount } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';

export const accountQueryKey = ['auth', 'account'] as const;

export function getAccount(): Promise<TAccount> {
  return http.get<TAccount>('/auth/account');
}

export const accountQuery = queryOptions({
  queryKey: accountQueryKey,
  queryFn: getAccount,
  staleTime: 5 * 60_000,
});

/** The logged-in account; only asked for while there is a session. */
export function useAccountQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQuery, enabled });
}
