import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeTokens } from '../../lib/http/token-store.ts';

function hasAccessToken(): boolean {
  return getAccessToken() !== null;
}

/** True while a token pair is stored; follows logins, refreshes and logouts of every tab. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeTokens, hasAccessToken, hasAccessToken);
}
