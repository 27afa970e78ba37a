import { useQuery } from '@tanstack/react-query';
import type { TActivationVerifyResponse } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';

export function verifyActivation(token: string): Promise<TActivationVerifyResponse> {
  return http.post<TActivationVerifyResponse>('/auth/activation/verify', { token }, { auth: false });
}

/** Whether the invitation link is still good (400 INVALID_TOKEN otherwise), and whom it greets. */
export function useVerifyActivationQuery(token: string) {
  return useQuery({
    queryKey: ['auth', 'activation', 'verify', token],
    queryFn: () => verifyActivation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
