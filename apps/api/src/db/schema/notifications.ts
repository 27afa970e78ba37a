import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bills } from './bills.ts';
import { bonuses, bonusPayments } from './bonuses.ts';
import { companies } from './companies.ts';
import { advances, recharges } from './money.ts';
import { transfers } from './transfers.ts';

/**
 * In-app notifications (spec §3 Notification, §7 Notifications). One row per user and event;
 * `parameters` keeps the raw values (amount "1500.00", advance id…) and the web renders the
 * French text from the contracts templates. `is_seen` drives the unread badge, `is_read` the
 * list's unread style. A notification about money points at its movement (`advance_id`,
 * `recharge_id`, `bill_id`, `transfer_id`, the employee's `bonus_payment_id`, or for HR the `bonus_id`; at most one;
 * decisions 019, 038): the foreign key guarantees the movement exists.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    parameters: jsonb('parameters')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isRead: boolean('is_read').notNull().default(false),
    isSeen: boolean('is_seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    advanceId: integer('advance_id').references(() => advances.id, { onDelete: 'cascade' }),
    rechargeId: integer('recharge_id').references(() => recharges.id, { onDelete: 'cascade' }),
    bonusPaymentId: integer('bonus_payment_id').references(() => bonusPayments.id, { onDelete: 'cascade' }),
    bonusId: integer('bonus_id').references(() => bonuses.id, { onDelete: 'cascade' }),
    billId: integer('bill_id').references(() => bills.id, { onDelete: 'cascade' }),
    transferId: integer('transfer_id').references(() => transfers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // In the list's order (DESC NULLS FIRST is what ORDER BY created_at DESC means; drizzle's bare
    // .desc() writes NULLS LAST, which the planner cannot use for that order).
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    check(
      'notifications_one_target',
      sql`num_nonnulls(${t.advanceId}, ${t.rechargeId}, ${t.bonusPaymentId}, ${t.bonusId}, ${t.billId}, ${t.transferId}) <= 1`,
    ),
    // For the foreign keys' checks when a movement (or its company) is deleted.
    index('notifications_advance_idx').on(t.advanceId).where(sql`${t.advanceId} is not null`),
    index('notifications_recharge_idx').on(t.rechargeId).where(sql`${t.rechargeId} is not null`),
    index('notifications_bonus_payment_idx').on(t.bonusPaymentId).where(sql`${t.bonusPaymentId} is not null`),
    index('notifications_bonus_idx').on(t.bonusId).where(sql`${t.bonusId} is not null`),
    index('notifications_bill_idx').on(t.billId).where(sql`${t.billId} is not null`),
    index('notifications_transfer_idx').on(t.transferId).where(sql`${t.transferId} is not null`),
  ],
);
