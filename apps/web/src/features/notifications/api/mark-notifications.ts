import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationMark, TNotificationMarkResult } from '@tasbiq/contracts/notifications';
import { http } from '../../../lib/http/client.ts';
import { notificationsQueryKey } from './get-notifications.ts';

/** `{all: true}` or `{id}`: marks the caller's notifications as seen (the badge). */
export function markNotificationsSeen(body: TNotificationMark): Promise<TNotificationMarkResult> {
  return http.post<TNotificationMarkResult>('/notifications/unseen', body);
}

/** `{all: true}` or `{id}`: marks the caller's notifications as read (and seen). */
export function markNotificationsRead(body: TNotificationMark): Promise<TNotificationMarkResult> {
  return http.post<TNotificationMarkResult>('/notifications/read', body);
}

function useMarkMutation(mutationFn: (body: TNotificationMark) => Promise<TNotificationMarkResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      if (result.updated > 0) return queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      return undefined;
    },
  });
}

export const useMarkSeenMutation = () => useMarkMutation(markNotificationsSeen);
export const useMarkReadMutation = () => useMarkMutation(markNotificationsRead);
