import { useQuery } from '@tanstack/react-query';
import type { TUnseenNotifications } from '@tasbiq/contracts/notifications';
import { http } from '../../../lib/http/client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

export const unseenNotificationsQueryKey = [...notificationsQueryKey, 'unseen'] as const;

/** The badge polls every minute (and when the window regains focus). */
export const UNSEEN_POLL_MS = 60_000;

export function getUnseenNotifications(): Promise<TUnseenNotifications> {
  return http.get<TUnseenNotifications>('/notifications/unseen');
}

export function useUnseenNotificationsQuery() {
  return useQuery({
    queryKey: unseenNotificationsQueryKey,
    queryFn: getUnseenNotifications,
    refetchInterval: UNSEEN_POLL_MS,
  });
}
