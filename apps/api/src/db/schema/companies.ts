import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A customer company (tenant). Feature flags live here: one row, one set of switches. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  itemsPerPage: integer('items_per_page').notNull().default(20),
  advancesEnabled: boolean('advances_enabled').notNull().default(false),
  rechargesEnabled: boolean('recharges_enabled').notNull().default(false),
  fichesEnabled: boolean('fiches_enabled').notNull().default(false),
  cardsEnabled: boolean('cards_enabled').notNull().default(false),
  bonusesEnabled: boolean('bonuses_enabled').notNull().default(false),
  expensesEnabled: boolean('expenses_enabled').notNull().default(false),
  eprogramEnabled: boolean('eprogram_enabled').notNull().default(false),
  /** Money transfers for cash pick-up (issue 16, modules/transfers). */
  transfersEnabled: boolean('transfers_enabled').notNull().default(false),
  /** Bills paid out of the earned balance (issue 16). */
  billsEnabled: boolean('bills_enabled').notNull().default(false),
  connectorType: text('connector_type'),
  /** Random token of the public signup link; null when self-signup is closed. */
  signupToken: text('signup_token').unique(),
  /** Flat fee per advance beyond the free ones (decision 020); demo: 15 DH. */
  advanceFeeCentimes: bigint('advance_fee_centimes', { mode: 'bigint' }).notNull().default(sql`0`),
  /** Advances and top-ups are refused after this Casablanca day of month (ACCESS_RESTRICTED); null = never. */
  advanceCutoffDay: integer('advance_cutoff_day'),
  /** Working days a mission order may wait for a reply before validators are reminded (issue 14). */
  missionReminderWorkingDays: integer('mission_reminder_working_days').notNull().default(2),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
