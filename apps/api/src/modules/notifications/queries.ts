import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { bonuses, bonusPayments } from '../../db/schema/bonuses.ts';
import { advances, recharges } from '../../db/schema/money.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { transfers } from '../../db/schema/transfers.ts';
import { dateRangeCondition } from '../../lib/list-sql.ts';

export type NotificationFilters = {
  eventIn?: string[];
  timestampAfter?: string;
  timestampBefore?: string;
  isRead?: boolean;
};

export type NotificationRow = typeof notifications.$inferSelect;
/** A row of the list with the creation time of the movement it points at, if any. */
export type NotificationListRow = NotificationRow & {
  advanceCreatedAt: Date | null;
  rechargeCreatedAt: Date | null;
  bonusPaymentCreatedAt: Date | null;
  bonusCreatedAt: Date | null;
  billCreatedAt: Date | null;
  transferCreatedAt: Date | null;
};

/** Every condition starts with the owner: a user only ever sees their own notifications. */
function conditionsOf(userId: number, filters: NotificationFilters): SQL {
  return and(
    eq(notifications.userId, userId),
    filters.eventIn
      ? inArray(notifications.event, filters.eventIn.length > 0 ? filters.eventIn : [''])
      : undefined,
    filters.isRead === undefined ? undefined : eq(notifications.isRead, filters.isRead),
    dateRangeCondition(notifications.createdAt, filters.timestampAfter, filters.timestampBefore),
  )!;
}

/**
 * The user's notifications, newest first (id breaks ties), each with the creation time of the
 * advance or top-up it points at (one primary-key lookup per row of the page).
 */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  filters: NotificationFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: NotificationListRow[] }> {
  const where = conditionsOf(userId, filters);
  const [total] = await db.select({ value: count() }).from(notifications).where(where);
  const rows = await db
    .select({
      notification: notifications,
      advanceCreatedAt: advances.createdAt,
      rechargeCreatedAt: recharges.createdAt,
      bonusPaymentCreatedAt: bonusPayments.createdAt,
      bonusCreatedAt: bonuses.createdAt,
      billCreatedAt: bills.createdAt,
      transferCreatedAt: transfers.createdAt,
    })
    .from(notifications)
    .leftJoin(advances, eq(advances.id, notifications.advanceId))
    .leftJoin(recharges, eq(recharges.id, notifications.rechargeId))
    .leftJoin(bonusPayments, eq(bonusPayments.id, notifications.bonusPaymentId))
    .leftJoin(bonuses, eq(bonuses.id, notifications.bonusId))
    .leftJoin(bills, eq(bills.id, notifications.billId))
    .leftJoin(transfers, eq(transfers.id, notifications.transferId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total?.value ?? 0,
    rows: rows.map((r) => ({
      ...r.notification,
      advanceCreatedAt: r.advanceCreatedAt,
      rechargeCreatedAt: r.rechargeCreatedAt,
      bonusPaymentCreatedAt: r.bonusPaymentCreatedAt,
      bonusCreatedAt: r.bonusCreatedAt,
      billCreatedAt: r.billCreatedAt,
      transferCreatedAt: r.transferCreatedAt,
    })),
  };
}

/** Ids of the user's unseen notifications, newest first. */
export async function unseenIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isSeen, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map((r) => r.id);
}

export async function findOwnNotification(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return row;
}

/** Sets `is_seen` or `is_read` on one of the user's notifications (`id`) or all of them. */
export async function markNotifications(
  db: DbOrTx,
  userId: number,
  field: 'isSeen' | 'isRead',
  id: number | null,
): Promise<number> {
  const column = notifications[field];
  const rows = await db
    .update(notifications)
    .set(field === 'isRead' ? { isRead: true, isSeen: true } : { isSeen: true })
    .where(and(eq(notifications.userId, userId), id === null ? eq(column, false) : eq(notifications.id, id)))
    .returning();
  return rows.length;
}
