import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** Refresh tokens that were used (rotation) or logged out; kept until they would expire anyway. */
export const tokenBlacklist = pgTable('token_blacklist', {
  jti: text('jti').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per login: a token family. Every access and refresh token carries its row's id (`sid`),
 * rotation keeps it, and a token is honoured only while the row exists and is not ended — checked
 * on every private call inside the per-request session lookup (decision 026). Logout, a reused
 * refresh token, a password change or reset and an HR change of e-mail or phone end rows.
 */
export const loginSessions = pgTable(
  'login_sessions',
  {
    /** Random UUID, the tokens' `sid` claim. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the family's newest refresh token expires; the row is pruned once this has passed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: logout, logout_all, refresh_reuse, password_change, password_reset, contact_change. */
    endReason: text('end_reason'),
  },
  (t) => [index('login_sessions_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * One-time codes. Only a hash is stored. `purpose` separates login confirmation from a phone or
 * e-mail change; `target` is where the code went (the new phone for a change).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Opaque token handed to the client for flows that validate later (change phone/e-mail). */
    flowToken: text('flow_token'),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** Failed logins per account (ASVS 2.2.1 limit), counted over a sliding hour. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Password links: the token's hash, single use, short-lived. `purpose` is 'reset' (forgotten
 * password) or 'activation' (an invited employee sets a first password and becomes activated).
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  purpose: text('purpose').notNull().default('reset'),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Phone checks for people who have no account yet (public signup): an OTP sent to a phone, then a
 * flow token proving the phone was confirmed, handed to the final signup call. Hashes only.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    flowTokenHash: text('flow_token_hash').notNull().unique(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_verifications_phone_idx').on(t.phone, t.createdAt)],
);
