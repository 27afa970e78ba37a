import type { TBillerId, TBillStatus } from '@tasbiq/contracts/bills';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { employees } from './employees.ts';

/**
 * A bill paid out of the employee's earned balance (issue 16, decision 042). The amount due, the
 * due date and the masked holder are what the bill-payment platform answered at the lookup, kept
 * for the receipt; `amount` is what was paid (less than the amount due where the biller allows).
 * Same life as a top-up: pending → processing → executed | failed (reversed).
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    biller: text('biller').$type<TBillerId>().notNull(),
    /** The contract or client number, normalized (contracts normalizeBillReference). */
    reference: text('reference').notNull(),
    holder: text('holder').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountDueCentimes: bigint('amount_due_centimes', { mode: 'bigint' }).notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    status: text('status').$type<TBillStatus>().notNull().default('pending'),
    /** Calls to the biller that got no answer (biller down); at the limit the bill fails and is reversed. */
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    /** The biller's confirmation number: the receipt's number. */
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    // Same list order and shape as the top-ups' (see there).
    index('bills_employee_created_idx').on(
      t.employeeId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.companyId,
    ),
    index('bills_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('bills_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('bills_processing_idx').on(t.processingAt).where(sql`${t.status} = 'processing'`),
  ],
);
