import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '../../../lib/http/client.ts';

/**
 * Ends the session: tokens go first (the client clears them before asking the server to blacklist
 * the refresh token, and never throws), then every cached answer of this user.
 * The route guards then send the visitor to /login.
 */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(),
    onSettled: () => {
      queryClient.clear();
    },
  });
}
