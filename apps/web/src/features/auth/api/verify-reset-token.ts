import { useQuery } from '@tanstack/react-query';
import type { TDetailResponse } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';

export function verifyResetToken(token: string): Promise<TDetailResponse> {
  return http.post<TDetailResponse>('/auth/password-reset/verify', { token }, { auth: false });
}

/** Whether the link's token is still good (400 RESET_PASSWORD_FAILED otherwise). Asked once per token. */
export function useVerifyResetTokenQuery(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset', 'verify', token],
    queryFn: () => verifyResetToken(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
