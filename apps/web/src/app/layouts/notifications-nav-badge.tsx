import { useUnseenNotificationsQuery } from '../../features/notifications/api/get-unseen-notifications.ts';
import type { NavItem } from './nav-items.ts';

/**
 * "1 nouvelle notification" / "3 nouvelles notifications". The API counts the notifications not
 * seen yet (GET /notifications/unseen: opening the page sees them all), which is not the unread
 * count the notifications page shows (« Non lues »: read one by one): one word per meaning.
 */
export function newNotificationsLabel(count: number): string {
  return count > 1 ? `${count} nouvelles notifications` : `${count} nouvelle notification`;
}

/**
 * The count of new (unseen) notifications on the bell of the Notifications link of both layouts:
 * placed over the icon's corner by its wrapper (`relative`), so it takes no room in the bar. Polls
 * every minute. Nothing while loading, on error or at zero. Seen only: screen readers hear
 * `NewNotificationsStatus`, after the link's label.
 */
function NotificationsNavBadge() {
  const count = useUnseenNotificationsQuery().data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      title={newNotificationsLabel(count)}
      className="pointer-events-none absolute -top-1.5 -right-2 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * What the badge says, for screen readers, after the link's label: « Notifications, 3 nouvelles
 * notifications ». A status region, so a new count is announced.
 */
export function NewNotificationsStatus() {
  const count = useUnseenNotificationsQuery().data?.count ?? 0;
  if (count <= 0) return null;
  const label = newNotificationsLabel(count);
  // The space keeps « Notifications » and the count two words in the link's name wherever it is
  // computed: browsers separate flex items, but a name computed without the layout does not.
  return (
    <>
      {' '}
      <span role="status" aria-label={label} className="sr-only">
        {label}
      </span>
    </>
  );
}

/** A link's icon; the Notifications link's carries the badge. */
export function NavIcon({
  icon: Icon,
  className,
  withBadge,
}: {
  icon: NavItem['icon'];
  className: string;
  withBadge: boolean;
}) {
  return (
    <span className="relative inline-flex shrink-0">
      <Icon aria-hidden="true" className={className} />
      {withBadge ? <NotificationsNavBadge /> : null}
    </span>
  );
}
