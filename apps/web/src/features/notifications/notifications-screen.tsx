import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import type { TNotification } from '@tasbiq/contracts/notifications';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatRelativeTime } from '../../lib/format/relative-time.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { notificationTargetHref } from '../shared/history-link.ts';
import { useNotificationsQuery } from './api/get-notifications.ts';
import { useMarkReadMutation, useMarkSeenMutation } from './api/mark-notifications.ts';
import { notificationText } from './notification-text.ts';

type Filter = 'all' | 'unread';
const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'Toutes' },
  { value: 'unread', label: 'Non lues' },
];

function NotificationItem({
  notification,
  onRead,
  onGoneAfterRead,
  isMarking,
}: {
  notification: TNotification;
  onRead: (id: number) => void;
  /** Where the focus goes when this row leaves the list after its check button was used. */
  onGoneAfterRead: () => void;
  isMarking: boolean;
}) {
  // The check button disappears once read: the focus stays on the row (issue 10), or goes to the
  // list when the row leaves it (the « Non lues » filter), instead of falling to the page.
  const itemRef = useRef<HTMLLIElement>(null);
  const wantsFocus = useRef(false);
  useLayoutEffect(() => {
    if (notification.is_read && wantsFocus.current) {
      wantsFocus.current = false;
      itemRef.current?.focus();
    }
  }, [notification.is_read]);
  useLayoutEffect(
    () => () => {
      if (wantsFocus.current) onGoneAfterRead();
    },
    [onGoneAfterRead],
  );
  const { title, text } = notificationText(notification);
  const unread = !notification.is_read;
  const content = (
    <>
      <p className={cx('text-sm text-gray-900', unread ? 'font-semibold' : 'font-medium')}>{title}</p>
      <p className="text-sm text-gray-700">{text}</p>
      <p className="text-xs text-gray-500">
        <time dateTime={notification.timestamp}>{formatRelativeTime(notification.timestamp)}</time>
      </p>
    </>
  );
  const { target } = notification;
  // A mission-order notification names its order in the parameters (no money target): it opens it.
  const odmId = notification.parameters.odm_id;
  const href = target
    ? notificationTargetHref(target)
    : notification.event.startsWith('odm_') && typeof odmId === 'number'
      ? `/missionorders/${odmId}`
      : null;
  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      aria-label={`${unread ? 'Non lue : ' : ''}${title}`}
      className={cx('flex items-start gap-3 px-3 py-3 sm:px-5', unread ? 'bg-brand-50/60' : 'bg-white')}
    >
      <span
        aria-hidden="true"
        className={cx('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
      />
      {href ? (
        // A notification about money opens its movement (history, bonus), a mission order's its
        // order, and counts as read.
        <Link
          to={href}
          onClick={() => {
            if (unread) onRead(notification.id);
          }}
          className="group -my-1 flex min-w-0 flex-1 items-center gap-2 rounded-lg py-1 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">{content}</div>
          <IconChevronRight
            aria-hidden="true"
            className="size-4 shrink-0 text-gray-400 group-hover:text-gray-600"
          />
        </Link>
      ) : (
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">{content}</div>
      )}
      {unread ? (
        <Button
          variant="tertiary"
          size="sm"
          icon={<IconCheck aria-hidden="true" />}
          aria-label={`Marquer « ${title} » comme lue`}
          disabled={isMarking}
          onClick={() => {
            wantsFocus.current = true;
            onRead(notification.id);
          }}
        />
      ) : null}
    </li>
  );
}

/**
 * /notifications and /rh/notifications: the caller's notifications, newest first, unread ones
 * highlighted. Opening the page marks them all as seen (the badge clears); reading is explicit:
 * the check button, « Tout marquer comme lu », or opening a money notification's movement (its
 * link to the history, decision 019).
 */
export function NotificationsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = useState(0);
  const query = useNotificationsQuery({ limit, offset, is_read: filter === 'unread' ? false : undefined });
  const unread = useNotificationsQuery({ limit: 1, offset: 0, is_read: false });
  const markSeen = useMarkSeenMutation();
  const markRead = useMarkReadMutation();
  const unreadCount = unread.data?.count ?? 0;

  const listRef = useRef<HTMLUListElement>(null);
  const focusList = useCallback(() => listRef.current?.focus(), []);

  const markSeenOnce = useRef(markSeen.mutate);
  useEffect(() => {
    markSeenOnce.current({ all: true });
  }, []);

  const chooseFilter = (next: Filter) => {
    setFilter(next);
    setOffset(0);
  };

  let body: ReactNode;
  if (query.isPending) body = <Spinner isBlock label="Chargement des notifications" />;
  else if (query.isError)
    body = (
      <LoadErrorState
        title="Les notifications n'ont pas pu être chargées."
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  else if (query.data.count === 0)
    body = (
      <EmptyState
        title="Aucune notification"
        description={
          filter === 'unread' ? 'Vous avez tout lu.' : 'Vos avances et recharges seront signalées ici.'
        }
      />
    );
  else
    body = (
      <div className="flex flex-col gap-3">
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label="Notifications"
          className="divide-y divide-gray-100 overflow-hidden rounded-2xl focus:outline-none"
        >
          {query.data.results.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              isMarking={markRead.isPending}
              onRead={(id) => markRead.mutate({ id })}
              onGoneAfterRead={focusList}
            />
          ))}
        </ul>
        <Pagination
          label="Pagination des notifications"
          count={query.data.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={query.isFetching}
          className="px-3 pb-3 sm:px-5"
        />
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Notifications"
        subtitle={
          unreadCount > 0
            ? `${unreadCount} notification${unreadCount > 1 ? 's' : ''} non lue${unreadCount > 1 ? 's' : ''}`
            : undefined
        }
        actions={
          <Button
            variant="secondary"
            label="Tout marquer comme lu"
            icon={<IconCheck aria-hidden="true" />}
            iconPosition="left"
            disabled={unreadCount === 0}
            loading={markRead.isPending && markRead.variables?.all === true}
            onClick={() => markRead.mutate({ all: true })}
          />
        }
      />
      {markRead.isError ? <MessageBox severity="danger">{errorMessage(markRead.error)}</MessageBox> : null}
      <fieldset className="flex gap-2">
        <legend className="sr-only">Filtrer les notifications</legend>
        {FILTERS.map((item) => (
          <button
            key={item.value}
            type="button"
            aria-pressed={filter === item.value}
            onClick={() => chooseFilter(item.value)}
            className={cx(
              'rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              filter === item.value
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-gray-700 ring-gray-300 hover:bg-gray-50',
            )}
          >
            {item.label}
          </button>
        ))}
      </fieldset>
      <section className="rounded-2xl bg-white ring-1 ring-gray-200">{body}</section>
    </div>
  );
}
