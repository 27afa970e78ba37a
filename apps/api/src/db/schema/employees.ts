import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('groups_company_name_unique').on(t.companyId, t.name)],
);

/**
 * The employment side of an account (spec §3 Employee). Money in integer centimes.
 * Status: invited → activated, deactivated (spec §4).
 */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    serial: text('serial'),
    salaryCentimes: bigint('salary_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    hourlyRateCentimes: bigint('hourly_rate_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    netPayableCentimes: bigint('net_payable_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
    rib: text('rib'),
    advancePercentage: integer('advance_percentage').notNull().default(50),
    maxAdvancesPerMonth: integer('max_advances_per_month').notNull().default(-1),
    maxFreeAdvancesPerMonth: integer('max_free_advances_per_month').notNull().default(1),
    totalMaxAdvancePerMonthCentimes: bigint('total_max_advance_per_month_centimes', { mode: 'bigint' })
      .notNull()
      .default(sql`500000`),
    balanceMethod: integer('balance_method').notNull().default(1),
    /** Needed to match a signup identity (matricule + birthday) to a person. */
    birthday: date('birthday'),
    isActive: boolean('is_active').notNull().default(true),
    isRestricted: boolean('is_restricted').notNull().default(false),
    status: text('status').notNull().default('invited'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's `search` looks in, accent-free and lower-case: first and last name, CIN,
     * phone, e-mail (of the account) and matricule, joined by spaces. Written by the database
     * itself (triggers on employees and users, migration 0013; decision 027), never by the code.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * Copies of the account's last and first name, written by the same trigger as `search_text`
     * (migration 0029, decision 050): the list's name order read from one index of this table, so
     * a page of a search can stop after its first rows instead of sorting every match.
     */
    sortLastName: text('sort_last_name').notNull().default(''),
    sortFirstName: text('sort_first_name').notNull().default(''),
  },
  (t) => [
    uniqueIndex('employees_user_unique').on(t.userId),
    // fastupdate off: searches never wade through a pending list of recent inserts (decision 027).
    index('employees_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
    uniqueIndex('employees_company_serial_unique').on(t.companyId, t.serial),
    index('employees_company_group_idx').on(t.companyId, t.groupId),
    index('employees_company_name_order_idx').on(t.companyId, t.sortLastName, t.sortFirstName, t.id),
  ],
);

/**
 * Worked days and hours of one employee for one month, uploaded by HR (POST /employees/wd/).
 * They feed balance methods 2 (worked days, capped at 26) and 4 (hourly rate × hours).
 * A new upload for the same month replaces the figures.
 */
export const employeeWorkedTime = pgTable(
  'employee_worked_time',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    workedDays: numeric('worked_days', { precision: 5, scale: 2 }).notNull(),
    workedHours: numeric('worked_hours', { precision: 6, scale: 2 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('employee_worked_time_month_unique').on(t.employeeId, t.year, t.month)],
);
