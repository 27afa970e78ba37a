import {
  NOTIFICATION_TARGET_OF,
  type TNotification,
  type TNotificationEvent,
  type TNotificationParameters,
} from '@tasbiq/contracts/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { findOwnNotification, markNotifications, type NotificationListRow } from './queries.ts';

/** The movement an event of type `E` is about, or null for an event about none. */
export type NotificationTargetOf<E extends TNotificationEvent> =
  (typeof NOTIFICATION_TARGET_OF)[E] extends infer T
    ? T extends string
      ? { type: T; id: number }
      : null
    : never;

export type NotifyInput<E extends TNotificationEvent = TNotificationEvent> = {
  userId: number;
  companyId: number | null;
  event: E;
  /** Raw values for the template: amount as a decimal string ("1500.00"), phone, reason, ids. */
  parameters?: TNotificationParameters;
  /** The movement it reports: required for every event about money (decisions 019, 038). */
  target: NotificationTargetOf<E>;
};

/**
 * Records one in-app notification for a user. Pass the caller's transaction so the notification
 * is written (or rolled back) with the change it reports. An event about money must name its
 * movement (`target`, of the type NOTIFICATION_TARGET_OF gives), or nothing is written.
 */
export async function notify<E extends TNotificationEvent>(
  db: DbOrTx,
  input: NotifyInput<E>,
): Promise<{ id: number }> {
  const target = input.target as { type: string; id: number } | null;
  const expected: string | null = NOTIFICATION_TARGET_OF[input.event];
  if ((target?.type ?? null) !== expected)
    throw new Error(
      `notify: ${input.event} needs a ${expected ?? 'null'} target, got ${target?.type ?? 'none'}`,
    );
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      companyId: input.companyId,
      event: input.event,
      parameters: input.parameters ?? {},
      advanceId: target?.type === 'advance' ? target.id : null,
      rechargeId: target?.type === 'recharge' ? target.id : null,
      bonusPaymentId: target?.type === 'bonus_payment' ? target.id : null,
      bonusId: target?.type === 'bonus' ? target.id : null,
      billId: target?.type === 'bill' ? target.id : null,
      transferId: target?.type === 'transfer' ? target.id : null,
    })
    .returning({ id: notifications.id });
  return { id: row!.id };
}

function targetOf(row: NotificationListRow): TNotification['target'] {
  if (row.advanceId !== null && row.advanceCreatedAt)
    return { type: 'advance', id: row.advanceId, created: toWireDateTime(row.advanceCreatedAt) };
  if (row.rechargeId !== null && row.rechargeCreatedAt)
    return { type: 'recharge', id: row.rechargeId, created: toWireDateTime(row.rechargeCreatedAt) };
  if (row.bonusPaymentId !== null && row.bonusPaymentCreatedAt)
    return {
      type: 'bonus_payment',
      id: row.bonusPaymentId,
      created: toWireDateTime(row.bonusPaymentCreatedAt),
    };
  if (row.bonusId !== null && row.bonusCreatedAt)
    return { type: 'bonus', id: row.bonusId, created: toWireDateTime(row.bonusCreatedAt) };
  if (row.billId !== null && row.billCreatedAt)
    return { type: 'bill', id: row.billId, created: toWireDateTime(row.billCreatedAt) };
  if (row.transferId !== null && row.transferCreatedAt)
    return { type: 'transfer', id: row.transferId, created: toWireDateTime(row.transferCreatedAt) };
  return null;
}

export function serializeNotification(row: NotificationListRow): TNotification {
  return {
    id: row.id,
    event: row.event,
    is_read: row.isRead,
    timestamp: toWireDateTime(row.createdAt),
    parameters: row.parameters ?? {},
    target: targetOf(row),
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
  if (body.id === undefined) throw fieldError('id', 'required');
  if (!(await findOwnNotification(db, userId, body.id))) throw notFound();
  return markNotifications(db, userId, field, body.id);
}
