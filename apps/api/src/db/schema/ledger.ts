import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
 * The double-entry ledger (decision 018). Append-only: the code inserts transactions and entries
 * and never updates or deletes them. Sign convention: an entry's amount is + for a debit and − for
 * a credit; the entries of one transaction sum to zero.
 *
 * `balance_centimes` is the sum of the account's entries, kept beside them under a row lock in the
 * same database transaction as the entries (lib/ledger.ts postTransaction), so a balance check
 * reads one row instead of summing the history.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'company_wallet',
  'employee_advances',
  'fees_income',
  'payouts_clearing',
  'platform_funding',
  'recharges_clearing',
  // What the company paid out as bonuses (an expense: not recovered from the salary).
  'bonuses_paid',
  // Mission-order advances paid to an employee, to be justified with expenses (issue 14).
  'mission_advances',
  // Transfers sent to the network and not yet collected, canceled or expired (modules/transfers).
  'transfers_clearing',
  // Bills paid to billers, between the request and the biller's answer (issue 16).
  'bills_clearing',
  // What the company's missions cost: refundable expenses of accepted reports (issue 15).
  'mission_expenses',
  // What an employee owes back when the expenses are less than the advance: deducted from the salary.
  'mission_settlements_due',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    /** Null for platform accounts (platform_funding). */
    companyId: integer('company_id').references(() => companies.id),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    employeeId: integer('employee_id').references(() => employees.id),
    balanceCentimes: bigint('balance_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account per (kind, company, employee), nulls counted as equal.
    uniqueIndex('ledger_accounts_kind_company_employee_uq').on(
      t.kind,
      sql`coalesce(${t.companyId}, 0)`,
      sql`coalesce(${t.employeeId}, 0)`,
    ),
  ],
);

export const LEDGER_TRANSACTION_TYPES = [
  'wallet_funding',
  'advance',
  'fee',
  'recharge',
  'payout',
  'reversal',
  'bonus',
  'mission_advance',
  'transfer',
  'bill',
  'expense_settlement',
] as const;
export type LedgerTransactionType = (typeof LEDGER_TRANSACTION_TYPES)[number];

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    type: text('type').$type<LedgerTransactionType>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** What the movement is about, e.g. `advance:123`. */
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').unique(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_company_created_idx').on(t.companyId, t.createdAt),
    index('ledger_transactions_reference_idx').on(t.reference),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** + debit, − credit (never 0). */
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_not_zero', sql`${t.amountCentimes} <> 0`),
  ],
);

/** Company wallet CSV exports (spec §3 Company wallet: export history with a status). */
export const walletExports = pgTable(
  'wallet_exports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: integer('created_by').references(() => users.id),
    status: text('status').$type<'finished' | 'failed'>().notNull().default('finished'),
    fileKey: text('file_key'),
    rowCount: integer('row_count').notNull().default(0),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The time zone rules the file's times were written with: Node's tz version ("2026c"), or
     * 'before-2026c' / 'repaired-2026c' for files of the old runtime (decision 023). null = written
     * by a runtime with outdated Moroccan rules and not yet repaired.
     */
    tzRules: text('tz_rules'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_exports_company_created_idx').on(t.companyId, t.createdAt)],
);
