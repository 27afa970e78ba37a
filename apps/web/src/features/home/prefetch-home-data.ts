import type { QueryClient } from '@tanstack/react-query';
import { employeeSoldeQuery } from '../shared/api/get-employee-solde.ts';
import { publishedAnnouncementsQuery } from './api/get-published-announcements.ts';

/**
 * The home's own calls, started with the session calls when a visit begins on / (the route's
 * handle, app/lazy-screen.tsx): the balance card no longer waits for the account, then the screen's
 * code, then its call, one after the other. Kept apart from the screen so it needs no screen code.
 */
export function prefetchHomeData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(employeeSoldeQuery);
  void queryClient.prefetchQuery(publishedAnnouncementsQuery);
}
