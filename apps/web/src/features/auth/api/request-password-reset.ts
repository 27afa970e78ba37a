import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';

/** POST /auth/password-reset/: always 200, so nobody can probe which accounts exist. */
export function requestPasswordReset(body: { username: string }): Promise<void> {
  return http.post<void>('/auth/password-reset/', body, { auth: false });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
