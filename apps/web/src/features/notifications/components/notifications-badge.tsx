import { useUnseenNotificationsQuery } from '../api/get-unseen-notifications.ts';

/** "3 notifications non lues" / "1 notification non lue". */
export function unseenLabel(count: number): string {
  return count > 1 ? `${count} notifications non lues` : `${count} notification non lue`;
}

/**
 * The count of unseen notifications beside the Notifications link of both layouts; polls every
 * minute. Nothing while loading, on error or at zero.
 */
export function NotificationsBadge() {
  const query = useUnseenNotificationsQuery();
  const count = query.data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span
      role="status"
      aria-label={unseenLabel(count)}
      title={unseenLabel(count)}
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
