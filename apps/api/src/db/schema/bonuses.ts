import type {
  TBonusPaymentStatus,
  TBonusRecurrence,
  TBonusStatus,
  TBonusTarget,
  TBonusTitle,
  TBonusType,
} from '@tasbiq/contracts/bonuses';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees, groups } from './employees.ts';

/**
 * Bonuses, "primes et paniers" (spec §3 Bonus, §4; issue 13; decision 036). An RH writes one, a
 * DRH other than the author replies; the status moves once, by a conditional update
 * (`where status = 'pending'`), so two replies at once have one winner.
 *
 * Recurrence: a monthly or yearly bonus keeps `next_occurrence_on` (a Casablanca day) while it
 * runs; the scheduled job moves it forward with a conditional update and inserts the occurrence
 * (`source_id`, `occurrence_on`, unique), so it happens once across processes and restarts.
 * `anchor_day` is the day of month asked for (31 stays 31 after a 30-day month).
 */
export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').$type<TBonusTitle>().notNull(),
    customTitle: text('custom_title'),
    comment: text('comment').notNull().default(''),
    type: text('type').$type<TBonusType>().notNull(),
    /** Collective bonuses: all, group or selection; null for individual ones. */
    target: text('target').$type<TBonusTarget>(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /** The collective amount per employee; null for individual bonuses. */
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }),
    recurrenceType: text('recurrence_type').$type<TBonusRecurrence>().notNull().default('non_recurrent'),
    isSaved: boolean('is_saved').notNull().default(false),
    anchorDay: smallint('anchor_day'),
    nextOccurrenceOn: date('next_occurrence_on'),
    sourceId: integer('source_id'),
    occurrenceOn: date('occurrence_on'),
    status: text('status').$type<TBonusStatus>().notNull().default('pending'),
    totalCentimes: bigint('total_centimes', { mode: 'bigint' }).notNull(),
    confirmedCentimes: bigint('confirmed_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    beneficiariesCount: integer('beneficiaries_count').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    /** The last person who wrote it (create or edit): they may not reply to it either. */
    updatedBy: integer('updated_by').references(() => users.id),
    repliedBy: integer('replied_by').references(() => users.id),
    replyComment: text('reply_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('bonuses_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The recurrence job: running series by their next day.
    index('bonuses_next_occurrence_idx').on(t.nextOccurrenceOn).where(sql`${t.nextOccurrenceOn} is not null`),
    // One occurrence per series and day, whatever the number of processes.
    uniqueIndex('bonuses_source_occurrence_uq')
      .on(t.sourceId, t.occurrenceOn)
      .where(sql`${t.sourceId} is not null`),
    index('bonuses_company_saved_idx')
      .on(t.companyId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.isSaved}`),
  ],
);

/**
 * One employee of a bonus and their amount: the spec's bonus-employee transaction (amount, seen
 * flag), with its payout (card or RIB through the sandboxes, like an advance's; decision 036).
 */
export const bonusPayments = pgTable(
  'bonus_payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    status: text('status').$type<TBonusPaymentStatus>().notNull().default('pending'),
    payoutMethod: text('payout_method').$type<TPayoutMethod>(),
    failureReason: text('failure_reason'),
    providerReference: text('provider_reference'),
    isSeen: boolean('is_seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bonus_payments_bonus_employee_uq').on(t.bonusId, t.employeeId),
    // The employee's list, newest first (same shape as the advances' index).
    index('bonus_payments_employee_created_idx').on(
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The payout job and its sweeper: what is still to pay or stuck in processing.
    index('bonus_payments_unpaid_idx')
      .on(t.bonusId, t.status)
      .where(sql`${t.status} in ('confirmed', 'processing')`),
  ],
);
