import type { TTransferStatus } from '@tasbiq/contracts/transfers';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * Money transfers for cash pick-up (issue 16, decision 044). `amount_centimes` is what the
 * recipient collects, `fee_centimes` the flat fee; both are drawn from the employee's available
 * balance and refunded together. Lifecycle: pending → processing → sent → collected | expired |
 * canceled, or → failed; pending → canceled. Every move is one conditional UPDATE on the expected
 * status. The pick-up code is not kept here: the network holds it and sends it to the recipient.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    recipientName: text('recipient_name').notNull(),
    /** +2126XXXXXXXX or +2127XXXXXXXX */
    recipientPhone: text('recipient_phone').notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    feeCentimes: bigint('fee_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status').$type<TTransferStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The network's id of the transfer. */
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Past this instant a sent transfer is canceled at the network and refunded (expired). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** When the money went back to the balance (expired, canceled or failed). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // Same list order and shape as the advances' and top-ups' (see money.ts).
    index('transfers_employee_created_idx').on(
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.companyId,
    ),
    index('transfers_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transfers_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('transfers_processing_idx').on(t.processingAt).where(sql`${t.status} = 'processing'`),
    // The expiry job: sent transfers by expiry.
    index('transfers_sent_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'sent'`),
  ],
);

/** An employee's saved recipients (at most TRANSFER_RECIPIENTS_MAX), one per phone number. */
export const transferRecipients = pgTable(
  'transfer_recipients',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transfer_recipients_employee_phone_uq').on(t.employeeId, t.phone)],
);
