import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres reads a Buffer, PGlite a Uint8Array: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Per-IP rate-limit counters shared by every API process when no Redis is configured
 * (lib/rate-limit-store.ts, issue 9 §5). One row per route and client key; a row past its
 * `reset_at` starts a new window. UNLOGGED (migration 0015): counters need no crash safety.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Uploaded and generated files when STORAGE_DRIVER=database (lib/storage.ts): API processes on
 * machines that share no disk all read what any of them wrote.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
