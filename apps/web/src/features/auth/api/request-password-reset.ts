import { useMutation } from '@tanstack/react-query';
import type { TDetailResponse } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';

/** POST /auth/password-reset/: always 200, so nobody can probe which accounts exist. */
export function requestPasswordReset(body: { username: string }): Promise<TDetailResponse> {
  return http.post<TDetailResponse>('/auth/password-reset/', body, { auth: false });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
