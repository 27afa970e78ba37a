import { useMutation } from '@tanstack/react-query';
import type { TSignupOtpRequest, TSignupOtpResponse } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';

/** POST /signup/request_otp/: a code by SMS; the answer's phone token names this check. */
export function requestSignupOtp(body: TSignupOtpRequest): Promise<TSignupOtpResponse> {
  return http.post<TSignupOtpResponse>('/signup/request_otp/', body, { auth: false });
}

export function useRequestSignupOtpMutation() {
  return useMutation({ mutationFn: requestSignupOtp });
}
