import type {
  TAdvanceStatus,
  TCardStatus,
  TPayoutMethod,
  TRechargeStatus,
  TTelecomOperator,
} from '@tasbiq/contracts/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * Salary advances (spec §3 Advance, issue 3). Amounts in centimes; `fee_centimes` is charged on top
 * of `amount_centimes` (both deducted from the salary). Lifecycle (decision 020):
 * pending → processing → executed | failed, or pending → canceled (by the employee, with a reason).
 * Each transition is one conditional UPDATE (`where status = 'pending'`), so a cancel and the payout
 * job can never both win.
 */
export const advances = pgTable(
  'advances',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    feeCentimes: bigint('fee_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    isFree: boolean('is_free').notNull().default(true),
    payoutMethod: text('payout_method').$type<TPayoutMethod>().notNull(),
    status: text('status').$type<TAdvanceStatus>().notNull().default('pending'),
    cancelReason: text('cancel_reason'),
    /** French text shown to the employee when the payout failed. */
    failureReason: text('failure_reason'),
    /** The bank-transfer or card provider's id of the payout. */
    providerReference: text('provider_reference'),
    /** Earliest time the payout job may pick it up (RIB transfers leave in batches). */
    payoutAfter: timestamp('payout_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    // Lists are ordered `created_at desc, id desc` (NULLS FIRST, PostgreSQL's default for desc):
    // the index must hold that exact order — drizzle's bare .desc() is DESC NULLS LAST, which the
    // planner cannot use for it and sorts every row instead. An employee's page then walks 20
    // entries and the count reads the index alone (company_id is in it). Money bench (1M
    // advances): an employee's page 298 → 34 buffers; HR's first page 1.25 s → 0.18 s (the count).
    index('advances_employee_created_idx').on(
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.companyId,
    ),
    index('advances_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('advances_pending_idx').on(t.payoutAfter).where(sql`${t.status} = 'pending'`),
    // The payout sweeper's second question (stale processing), without a scan of every advance.
    index('advances_processing_idx').on(t.processingAt).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * Phone top-ups (spec §3 Recharge). `amount_centimes` is the credit the line receives,
 * `discounted_amount_centimes` what the employee pays out of their available balance (decision 020).
 * Lifecycle: pending → processing → executed | failed.
 */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** +2126XXXXXXXX or +2127XXXXXXXX */
    phone: text('phone').notNull(),
    operator: text('operator').$type<TTelecomOperator>().notNull(),
    /** Product code from contracts RECHARGE_PRODUCTS, e.g. "iam-50". */
    product: text('product').notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    discountedAmountCentimes: bigint('discounted_amount_centimes', { mode: 'bigint' }).notNull(),
    status: text('status').$type<TRechargeStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    // Same list order and shape as the advances' (see there).
    index('recharges_employee_created_idx').on(
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.companyId,
    ),
    index('recharges_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The top-up sweeper: pending ones by age, stale processing ones by processing time.
    index('recharges_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('recharges_processing_idx').on(t.processingAt).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * An employee's prepaid card (spec §3 Employee "prepaid card", §4 Card; issue 11, decision 032).
 * Its life: ordered → assigned → delivered → receipt_confirmed → active ⇄ blocked, or canceled
 * (see contracts/cards.ts). Each move is one conditional UPDATE on the expected status, so two
 * moves racing have one winner. Of the card number only the last four digits and the issuer's
 * reference are kept: the issuer checks a typed number (confirm receipt).
 */
export const prepaidCards = pgTable(
  'prepaid_cards',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    status: text('status').$type<TCardStatus>().notNull().default('ordered'),
    /** Last four digits of the card number, once assigned. */
    last4: text('last4'),
    /** The issuer's id of the card (known from the order on). */
    issuerReference: text('issuer_reference'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receiptConfirmedAt: timestamp('receipt_confirmed_at', { withTimezone: true }),
    contractSignedAt: timestamp('contract_signed_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** The signed cardholder contract (storage key), the signer's IP and the unsigned PDF's SHA-256. */
    signedContractKey: text('signed_contract_key'),
    contractSignedIp: text('contract_signed_ip'),
    unsignedContractSha256: text('unsigned_contract_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prepaid_cards_employee_idx').on(t.employeeId),
    uniqueIndex('prepaid_cards_issuer_reference_uq').on(t.issuerReference),
    // One live card per employee: a second order cannot slip past EMPLOYEE_HAS_CARD(_ORDER) checks.
    uniqueIndex('prepaid_cards_one_live_per_employee_uq')
      .on(t.employeeId)
      .where(sql`${t.status} <> 'canceled'`),
  ],
);

/**
 * Idempotency-Key records for POST /advances/ and POST /recharges/ (lib/idempotency.ts). A key is
 * scoped to the user and the endpoint; the stored response is replayed for the same body, and
 * another body with the same key answers 422.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_scope_key_uq').on(t.userId, t.scope, t.key)],
);

/**
 * What the sandbox providers (bank transfer, card issuer, telecom) were asked to do and answered,
 * keyed by our reference so a retried call returns the first answer, like a real provider's
 * idempotent API.
 */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'succeeded' | 'failed'>().notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_operations_provider_reference_uq').on(t.provider, t.reference)],
);
