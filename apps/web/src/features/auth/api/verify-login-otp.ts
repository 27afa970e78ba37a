import { useMutation } from '@tanstack/react-query';
import type { TTokenPair } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';

/** POST /auth/otp/verify: the code from the SMS buys a full token pair. */
export function verifyLoginOtp({
  pendingAccess,
  otp,
}: {
  pendingAccess: string;
  otp: string;
}): Promise<TTokenPair> {
  return http.post<TTokenPair>(
    '/auth/otp/verify',
    { otp },
    { auth: false, headers: { Authorization: `Bearer ${pendingAccess}` } },
  );
}

export function useVerifyLoginOtpMutation() {
  return useMutation({ mutationFn: verifyLoginOtp });
}
