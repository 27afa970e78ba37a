import type {
  TNotification,
  TNotificationEvent,
  TNotificationParameters,
} from '@tasbiq/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { findOwnNotification, markNotifications, type NotificationRow } from './queries.ts';

export type NotifyInput = {
  userId: number;
  companyId: number | null;
  event: TNotificationEvent;
  /** Raw values for the template: amount as a decimal string ("1500.00"), phone, reason, ids. */
  parameters?: TNotificationParameters;
};

/**
 * Records one in-app notification for a user. Pass the caller's transaction so the notification
 * is written (or rolled back) with the change it reports.
 */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<{ id: number }> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      companyId: input.companyId,
      event: input.event,
      parameters: input.parameters ?? {},
    })
    .returning();
  return { id: row!.id };
}

export function serializeNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    event: row.event,
    is_read: row.isRead,
    timestamp: row.createdAt.toISOString(),
    parameters: row.parameters ?? {},
  };
}

/**
 * Marks `{id}` (one of the caller's, else 404 — another user's id is indistinguishable from a
 * missing one) or `{all: true}` (every one of the caller's) as seen or read; returns how many
 * rows changed.
 */
export async function markOwn(
  db: DbOrTx,
  userId: number,
  field: 'isSeen' | 'isRead',
  body: { id?: number; all?: boolean },
): Promise<number> {
  if (body.all === true) return markNotifications(db, userId, field, null);
  if (body.id === undefined) throw fieldError('id', 'required', 'Ce champ est obligatoire.');
  if (!(await findOwnNotification(db, userId, body.id))) throw notFound();
  return markNotifications(db, userId, field, body.id);
}
