import {
  boolean,
  date,
  index,
  integer,
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
 * A change to an identity or bank field (CIN, RIB, name…) that no single person may make:
 * an RH asks, the DRH approves (the change applies) or refuses. The row is the audit trail:
 * who asked, what the value was, who decided, when and why.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_requests_company_status_idx').on(t.companyId, t.status, t.createdAt)],
);

/** Supporting documents of a change request (a scan of the new CIN, a bank letter…). */
export const changeRequestAttachments = pgTable('change_request_attachments', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  changeRequestId: integer('change_request_id')
    .notNull()
    .references(() => changeRequests.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Identities HR uploads so that people can sign up themselves through the company's signup
 * link: matricule + birthday prove who they are. Used once; then linked to the new employee.
 */
export const signupIdentities = pgTable(
  'signup_identities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    serial: text('serial').notNull(),
    birthday: date('birthday').notNull(),
    isUsed: boolean('is_used').notNull().default(false),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signup_identities_company_serial_unique').on(t.companyId, t.serial)],
);

/** Signup links sent by e-mail or SMS (who sent what to whom, for support and audit). */
export const signupInvitations = pgTable(
  'signup_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    sentBy: integer('sent_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_invitations_company_idx').on(t.companyId, t.createdAt)],
);
