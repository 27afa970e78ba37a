import {
  NOTIFICATION_EVENTS,
  ZNotification,
  ZNotificationMark,
  ZNotificationMarkResult,
  ZUnseenNotifications,
} from '@tasbiq/contracts/notifications';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { pageSize, zBool, zCsvOf, zDateParam, zLimit, zOffset } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { listNotifications, unseenIds } from './queries.ts';
import { markOwn, serializeNotification } from './service.ts';

const ZNotificationsQuery = z.object({
  limit: zLimit,
  offset: zOffset,
  event_in: zCsvOf(z.enum(NOTIFICATION_EVENTS)),
  timestamp_after: zDateParam,
  timestamp_before: zDateParam,
  is_read: zBool,
});

/**
 * The caller's notifications (spec §7 Notifications). Any signed-in account; tenancy is by user:
 * every query is scoped to the caller's user id, another user's id answers 404.
 */
export const notificationRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first',
        querystring: ZNotificationsQuery,
        response: { 200: paginated(ZNotification) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const query = request.query;
      const limit = pageSize(query.limit, session.company?.itemsPerPage);
      const offset = query.offset ?? 0;
      const { count, rows } = await listNotifications(
        db,
        session.user.id,
        {
          eventIn: query.event_in,
          timestampAfter: query.timestamp_after,
          timestampBefore: query.timestamp_before,
          isRead: query.is_read,
        },
        { limit, offset },
      );
      return limitOffsetPage(request, { count, limit, offset, results: rows.map(serializeNotification) });
    },
  );

  app.get(
    '/notifications/unseen',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many of the caller’s notifications are unseen (the badge), and their ids',
        response: { 200: ZUnseenNotifications },
      },
    },
    async (request) => {
      const ids = await unseenIds(db, requireSession(request).user.id);
      return { count: ids.length, ids };
    },
  );

  app.post(
    '/notifications/unseen',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification ({id}) or all ({all: true}) as seen',
        body: ZNotificationMark,
        response: { 200: ZNotificationMarkResult },
      },
    },
    async (request) => ({
      updated: await markOwn(db, requireSession(request).user.id, 'isSeen', request.body),
    }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marks one notification ({id}) or all ({all: true}) as read (and seen)',
        body: ZNotificationMark,
        response: { 200: ZNotificationMarkResult },
      },
    },
    async (request) => ({
      updated: await markOwn(db, requireSession(request).user.id, 'isRead', request.body),
    }),
  );
};
