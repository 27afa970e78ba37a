import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the employee's money, shared by the home, advance, top-up and history screens so
 * that a write on one screen refreshes what the others show. Each is a prefix: every list and
 * filter of that resource starts with it.
 */
export const soldeQueryKey = ['employees', 'solde'] as const;
export const advancesQueryKey = ['advances'] as const;
export const rechargesQueryKey = ['recharges'] as const;
export const billsQueryKey = ['bills'] as const;
export const transactionsQueryKey = ['transactions'] as const;
export const transfersQueryKey = ['transfers'] as const;
/** The notifications feature's own prefix (features/notifications/api/get-notifications.ts). */
const notificationsQueryKey = ['notifications'] as const;

/**
 * After an advance, a top-up or a cancellation: the balance, the lists and the notifications (the
 * server just wrote one, and the badge should not wait a minute for its next poll).
 */
export function invalidateMoneyQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [
      soldeQueryKey,
      advancesQueryKey,
      rechargesQueryKey,
      transfersQueryKey,
      billsQueryKey,
      transactionsQueryKey,
      notificationsQueryKey,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
