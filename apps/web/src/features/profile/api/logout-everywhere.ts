import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogoutAllResponse } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';
import { clearTokens } from '../../../lib/http/token-store.ts';
import { showOnNextLogin } from '../../session/login-notice.ts';

export const LOGGED_OUT_EVERYWHERE = 'Vous avez été déconnecté de tous vos appareils, y compris celui-ci.';

export function logoutEverywhere(): Promise<TLogoutAllResponse> {
  return http.post<TLogoutAllResponse>('/auth/logout_all');
}

/**
 * "Se déconnecter partout": the API ends every session of the account, this one included; then
 * this device forgets its tokens and cached answers, and the route guard shows /login with the
 * message. Unlike the plain logout, a failure keeps the session: the other devices are still
 * connected, and the person must be told so rather than be logged out here only.
 */
export function useLogoutEverywhereMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      showOnNextLogin(LOGGED_OUT_EVERYWHERE);
      clearTokens();
      queryClient.clear();
    },
  });
}
