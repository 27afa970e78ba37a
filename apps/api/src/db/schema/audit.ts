import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';
import { changeRequests } from './people.ts';

/**
 * The audit trail of changes to an employee's money fields (salary, rates, limits, balance method,
 * restriction, RIB — decision 025), written in the transaction that makes the change: who, when,
 * which field, the value before and after as the API sends it ("8000.00", "50", "true"). Append
 * only; an employee with a trail is never deleted (the app deactivates people).
 */
export const employeeAuditEntries = pgTable(
  'employee_audit_entries',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    /** Who made the change: the HR person who saved it, or who asked when a request was approved. */
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    /** The DRH who approved it, when it went through a change request. */
    approvedBy: integer('approved_by').references(() => users.id),
    changeRequestId: integer('change_request_id').references(() => changeRequests.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_audit_entries_employee_idx').on(t.companyId, t.employeeId, t.createdAt)],
);

/**
 * A new e-mail or phone HR gave for someone who already has a password (decision 025). It is not
 * the account's login name yet: the person confirms it, logged in with their current credentials,
 * with a code sent to it (the contact-change flow of the auth module). Until then links and codes
 * go to the confirmed contacts only. Status: pending → confirmed, replaced (the person confirmed
 * something else, or HR gave another value) or withdrawn.
 */
export const contactChangeProposals = pgTable(
  'contact_change_proposals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' or 'phone'. */
    kind: text('kind').notNull(),
    /** The value as the contract normalised it (+212…, lower-case e-mail). */
    newValue: text('new_value').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('contact_change_proposals_user_idx').on(t.userId, t.status)],
);
