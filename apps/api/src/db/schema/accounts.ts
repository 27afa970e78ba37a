import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/**
 * A person who can log in. A company means an employee (spec §3 Account); roles add RH/DRH.
 * Phone and e-mail are unique across the platform because either one is a login name.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    cin: text('cin'),
    companyId: integer('company_id').references(() => companies.id),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** Null until the phone is confirmed by OTP; reset to null when the phone changes. */
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    /** Null while the password was only ever set by someone else (invitation, seed). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    // A CIN identifies one person on the whole platform (CIN_EXISTS); NULLs do not collide.
    uniqueIndex('users_cin_unique').on(t.cin),
    index('users_company_idx').on(t.companyId),
  ],
);
