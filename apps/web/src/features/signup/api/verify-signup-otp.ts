import { useMutation } from '@tanstack/react-query';
import type { TSignupVerifyOtpRequest } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';

/** POST /signup/verify_otp/: 400 incorrect_otp on a wrong, expired or dead code. */
export function verifySignupOtp(body: TSignupVerifyOtpRequest): Promise<{ verified: true }> {
  return http.post<{ verified: true }>('/signup/verify_otp/', body, { auth: false });
}

export function useVerifySignupOtpMutation() {
  return useMutation({ mutationFn: verifySignupOtp });
}
