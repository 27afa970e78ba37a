import type { TPolicyChangeAction, TPolicyChangeSubject } from '@tasbiq/contracts/expense-policy';
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
import { employees, groups } from './employees.ts';

/**
 * The budget policy the DRH sets once for the company (spec §3 Policy, §5; issue 14).
 * Its tables are read by the mission orders (`modules/expense-policy/ceiling.ts`) and, next
 * issue, the expenses.
 */

/**
 * The most a mission order may advance: one row for the ungrouped employees (`group_id` null)
 * and at most one per group. At least 200 DH (spec §5, §9), checked here as well as in the
 * contract. A deleted group takes its limit with it.
 */
export const advanceLimits = pgTable(
  'advance_limits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('advance_limits_company_group_uq')
      .on(t.companyId, t.groupId)
      .where(sql`${t.groupId} is not null`),
    uniqueIndex('advance_limits_company_ungrouped_uq').on(t.companyId).where(sql`${t.groupId} is null`),
    check('advance_limits_min_200_dh', sql`${t.amountCentimes} >= 20000`),
  ],
);

/**
 * A ceiling for a trip from a departure city to an arrival city (ids of `GET /cities`, the
 * static list: no foreign key). A null city means "any". One policy per company and route;
 * the most specific one applies (both cities, then one, then any/any).
 */
export const travelPolicies = pgTable(
  'travel_policies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    departureCityId: integer('departure_city_id'),
    arrivalCityId: integer('arrival_city_id'),
    ceilingCentimes: bigint('ceiling_centimes', { mode: 'bigint' }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "any" is null: coalesce so that two any→Agadir rows collide like two Casa→Agadir rows.
    uniqueIndex('travel_policies_company_route_uq').on(
      t.companyId,
      sql`coalesce(${t.departureCityId}, 0)`,
      sql`coalesce(${t.arrivalCityId}, 0)`,
    ),
    check('travel_policies_min_200_dh', sql`${t.ceilingCentimes} >= 20000`),
  ],
);

/**
 * Employees who may approve, return or refuse the mission orders (and expenses) of every
 * employee of their company, never their own (spec §6). One row per employee.
 */
export const expenseValidators = pgTable(
  'expense_validators',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expense_validators_employee_uq').on(t.employeeId),
    index('expense_validators_company_idx').on(t.companyId),
  ],
);

/**
 * Every change to the policy and to the validators: who, when, what, the row before and after
 * (JSON, as the API shows it; null before a creation and after a deletion). Append-only.
 */
export const expensePolicyChanges = pgTable(
  'expense_policy_changes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    changedBy: integer('changed_by').references(() => users.id),
    subject: text('subject').$type<TPolicyChangeSubject>().notNull(),
    action: text('action').$type<TPolicyChangeAction>().notNull(),
    /** The id of the changed row (it may since have been deleted). */
    subjectId: integer('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expense_policy_changes_company_created_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
