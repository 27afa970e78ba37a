import { useMutation } from '@tanstack/react-query';
import type { TTokenPair } from '@tasbiq/contracts/auth';
import type { TSignupRequest } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';

/** POST /signup/: the account is created and logged in (a full token pair). Stored by the caller. */
export function signUp(body: TSignupRequest): Promise<TTokenPair> {
  return http.post<TTokenPair>('/signup/', body, { auth: false });
}

export function useSignUpMutation() {
  return useMutation({ mutationFn: signUp });
}
