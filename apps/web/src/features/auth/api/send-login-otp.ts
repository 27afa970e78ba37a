import { useMutation } from '@tanstack/react-query';
import type { TOtpSendResponse } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';

/**
 * POST /auth/otp with the phone-limited access token of the login step. That token is kept out of
 * the token store (it opens nothing else), so it is sent by hand rather than by the client.
 */
export function sendLoginOtp(pendingAccess: string): Promise<TOtpSendResponse> {
  return http.post<TOtpSendResponse>('/auth/otp', undefined, {
    auth: false,
    headers: { Authorization: `Bearer ${pendingAccess}` },
  });
}

export function useSendLoginOtpMutation() {
  return useMutation({ mutationFn: sendLoginOtp });
}
