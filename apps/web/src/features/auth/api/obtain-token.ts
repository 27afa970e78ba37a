import { useMutation } from '@tanstack/react-query';
import type { TTokenPair, TTokenRequest } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';

/** POST /auth/token: the credentials check. Tokens are stored by the caller (not before the OTP step). */
export function obtainToken(body: TTokenRequest): Promise<TTokenPair> {
  return http.post<TTokenPair>('/auth/token', body, { auth: false });
}

export function useObtainTokenMutation() {
  return useMutation({ mutationFn: obtainToken });
}
