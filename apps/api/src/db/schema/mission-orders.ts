import type {
  TMissionAdvanceStatus,
  TMissionOrderEventType,
  TMissionOrderStatus,
  TReportStatus,
} from '@tasbiq/contracts/mission-orders';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * Mission orders, "ordres de mission" (spec §3, §4; issue 14; decision 038). The employee sends
 * one (`pending`); a reviewer (HR of the company or an expense validator, never its employee)
 * approves, returns or refuses it by a conditional update (`where status = 'pending'`), so two
 * replies at once have one winner. Cities are ids of the code list (decision 006), no foreign key.
 *
 * The advance: `advance_centimes` as it stands (the reviewer may lower it before approving),
 * `requested_advance_centimes` as first asked. On approval it leaves the company wallet and is
 * paid like a salary advance (card, else RIB); `advance_paid_centimes` is what the employee then
 * has to justify with expenses (issue 15 carries `report_status` on from `draft`).
 */
export const missionOrders = pgTable(
  'mission_orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** ODM-2026-0042: the company's sequence for the year the order was first sent. */
    number: text('number').notNull(),
    title: text('title').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    guests: smallint('guests').notNull().default(0),
    departureCityId: integer('departure_city_id').notNull(),
    arrivalCityId: integer('arrival_city_id').notNull(),
    description: text('description').notNull().default(''),
    advanceCentimes: bigint('advance_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    requestedAdvanceCentimes: bigint('requested_advance_centimes', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<TMissionOrderStatus>().notNull().default('pending'),
    reportStatus: text('report_status').$type<TReportStatus>().notNull().default('awaiting_odm'),
    advanceStatus: text('advance_status').$type<TMissionAdvanceStatus>().notNull().default('none'),
    payoutMethod: text('payout_method').$type<TPayoutMethod>(),
    advancePaidCentimes: bigint('advance_paid_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    failureReason: text('failure_reason'),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last sent (first send, or sent again after a return): overdue counts from here. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id),
    /** The Casablanca day validators were last reminded (once a day across processes). */
    remindedOn: date('reminded_on'),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mission_orders_company_number_uq').on(t.companyId, t.number),
    index('mission_orders_company_submitted_idx').on(
      t.companyId,
      t.submittedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('mission_orders_employee_created_idx').on(
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The reminder job: pending orders by age.
    index('mission_orders_pending_idx').on(t.submittedAt).where(sql`${t.status} = 'pending'`),
    // The payout job and its sweeper: advances still to pay or stuck processing.
    index('mission_orders_unpaid_idx')
      .on(t.advanceStatus)
      .where(sql`${t.advanceStatus} in ('confirmed', 'processing')`),
  ],
);

/**
 * The company's order numbers per year: `insert … on conflict do update … returning` takes the
 * row lock, so two orders sent at once get two numbers, never one twice nor a gap from a race.
 */
export const missionOrderSequences = pgTable(
  'mission_order_sequences',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.year] })],
);

/** Files attached to an order (PDF, PNG, JPEG checked by content, ≤ 10 MB), kept in FileStorage. */
export const missionOrderFiles = pgTable(
  'mission_order_files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    missionOrderId: integer('mission_order_id')
      .notNull()
      .references(() => missionOrders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mission_order_files_order_idx').on(t.missionOrderId)],
);

/** The history of an order: sends, replies with their comments, advance changes. Append-only. */
export const missionOrderEvents = pgTable(
  'mission_order_events',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    missionOrderId: integer('mission_order_id')
      .notNull()
      .references(() => missionOrders.id, { onDelete: 'cascade' }),
    type: text('type').$type<TMissionOrderEventType>().notNull(),
    comment: text('comment'),
    userId: integer('user_id').references(() => users.id),
    amountBeforeCentimes: bigint('amount_before_centimes', { mode: 'bigint' }),
    amountAfterCentimes: bigint('amount_after_centimes', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mission_order_events_order_idx').on(t.missionOrderId, t.id)],
);
