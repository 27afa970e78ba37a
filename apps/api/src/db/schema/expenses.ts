import type {
  TExpenseCategory,
  TExpenseStatus,
  TSettlementDirection,
  TSettlementPayoutStatus,
} from '@tasbiq/contracts/expenses';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees, groups } from './employees.ts';
import { missionOrders } from './mission-orders.ts';

/**
 * Category ceilings per day (spec §3 Policy: category policy items by group; issue 15). One row
 * per company, group (null = the employees in no group) and category; a null ceiling is
 * unlimited, and a missing row too. Deleting a group deletes its ceilings.
 */
export const expensePolicyItems = pgTable(
  'expense_policy_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    category: text('category').$type<TExpenseCategory>().notNull(),
    /** Per person and per day; null = unlimited. */
    ceilingCentimes: bigint('ceiling_centimes', { mode: 'bigint' }),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('expense_policy_items_scope_uq').on(t.companyId, t.groupId, t.category).nullsNotDistinct()],
);

/**
 * An expense (spec §3 Expense, §4 Expense status; issue 15): a draft at any time with its receipt,
 * then part of the report of one mission order. The receipt is kept privately (full size and a
 * thumbnail under random storage keys); what the OCR read is kept beside what the person
 * confirmed, so how often the pre-fill was right can be measured.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** The mission order whose report it belongs to; null while unassigned. */
    missionOrderId: integer('mission_order_id').references(() => missionOrders.id),
    title: text('title').notNull(),
    category: text('category').$type<TExpenseCategory>().notNull(),
    expenseDate: date('expense_date').notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    guests: smallint('guests').notNull().default(0),
    status: text('status').$type<TExpenseStatus>().notNull().default('draft'),
    receiptKey: text('receipt_key'),
    receiptThumbKey: text('receipt_thumb_key'),
    receiptName: text('receipt_name'),
    receiptType: text('receipt_type'),
    ocrAmountCentimes: bigint('ocr_amount_centimes', { mode: 'bigint' }),
    ocrDate: date('ocr_date'),
    ocrMerchant: text('ocr_merchant'),
    /** Set when the report is accepted (the settlement's figure); computed on the fly before. */
    refundableCentimes: bigint('refundable_centimes', { mode: 'bigint' }),
    reviewComment: text('review_comment'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expenses_company_employee_created_idx').on(
      t.companyId,
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    /** The same-day sharing of ceilings (`expensesSharingDays`): an employee's expenses on given days. */
    index('expenses_company_employee_date_idx').on(t.companyId, t.employeeId, t.expenseDate),
    index('expenses_company_order_idx')
      .on(t.companyId, t.missionOrderId, t.id)
      .where(sql`${t.missionOrderId} is not null`),
  ],
);

/**
 * The settlement of an accepted expense report (issue 15; decision 047): one row per mission
 * order (unique: two acceptances or a retried job settle once), written in the transaction that
 * accepts the report. `balance_centimes` = refundable total − advance paid (signed).
 * `to_employee`: paid like the mission advance (card, else RIB; `payout_status` confirmed →
 * processing → executed | failed, reference `expense-settlement:ORDER`); `owed_by_employee`:
 * deducted on the payroll statement of `deduction_month` (Casablanca month of acceptance, first
 * day); `none`: nothing moves.
 */
export const expenseSettlements = pgTable(
  'expense_settlements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    missionOrderId: integer('mission_order_id')
      .notNull()
      .references(() => missionOrders.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    refundableCentimes: bigint('refundable_centimes', { mode: 'bigint' }).notNull(),
    advancePaidCentimes: bigint('advance_paid_centimes', { mode: 'bigint' }).notNull(),
    balanceCentimes: bigint('balance_centimes', { mode: 'bigint' }).notNull(),
    direction: text('direction').$type<TSettlementDirection>().notNull(),
    payoutStatus: text('payout_status').$type<TSettlementPayoutStatus>(),
    payoutMethod: text('payout_method').$type<TPayoutMethod>(),
    failureReason: text('failure_reason'),
    providerReference: text('provider_reference'),
    deductionMonth: date('deduction_month'),
    acceptedBy: integer('accepted_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    unique('expense_settlements_order_uq').on(t.missionOrderId),
    // The payroll statement: what each employee owes, by month.
    index('expense_settlements_deduction_idx')
      .on(t.companyId, t.deductionMonth)
      .where(sql`${t.direction} = 'owed_by_employee'`),
    index('expense_settlements_employee_idx').on(t.companyId, t.employeeId, t.createdAt),
    // The payout job's sweeper: settlements still to pay or stuck processing.
    index('expense_settlements_unpaid_idx')
      .on(t.payoutStatus)
      .where(sql`${t.payoutStatus} in ('confirmed', 'processing')`),
  ],
);
