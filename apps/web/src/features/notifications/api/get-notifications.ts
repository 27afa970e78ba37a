import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TNotification } from '@tasbiq/contracts/notifications';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** Every notifications query starts with this key: marking read or seen refreshes them all. */
export const notificationsQueryKey = ['notifications'] as const;

export type NotificationListParams = {
  limit: number;
  offset: number;
  is_read?: boolean;
  event_in?: string;
};

export function getNotifications(params: NotificationListParams): Promise<TPaginated<TNotification>> {
  return http.get<TPaginated<TNotification>>('/notifications/', {
    params: { ...params, offset: params.offset || undefined },
  });
}

export function useNotificationsQuery(params: NotificationListParams) {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'list', params],
    queryFn: () => getNotifications(params),
    placeholderData: keepPreviousData,
  });
}
