import type { QueryClient } from '@tanstack/react-query';
import { accountQuery } from './api/get-account.ts';
import { settingsQuery } from './api/get-settings.ts';

/**
 * With a stored session, the two calls every guard waits for start as the app boots, not once the
 * first render's effects have run (a frame later under Preact): the first page shows sooner. The
 * session hooks (use-session.ts) then find them in flight under the same keys.
 */
export function prefetchSession(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(accountQuery);
  void queryClient.prefetchQuery(settingsQuery);
}
