import type {
  TCardOrderStatus,
  TCardTransactionType,
  TCinCheckErrorCode,
  TCinCheckStep,
  TCinReading,
} from '@tasbiq/contracts/cards';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { companies } from './companies.ts';
import { employees } from './employees.ts';
import { prepaidCards } from './money.ts';

/**
 * A card order (spec §2 Card order; issue 11, decision 032): the delivery address, the phone
 * confirmed by OTP, and the CIN images under check. checking → accepted (a prepaid card is
 * ordered from the issuer, `card_id`) or refused (`error_code`). The images are private storage
 * keys (decision 033): downloaded only through the logged, authorised route, and deleted once the
 * card has been active for CIN_IMAGE_RETENTION_DAYS, or when the order is refused.
 */
export const cardOrders = pgTable(
  'card_orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    status: text('status').$type<TCardOrderStatus>().notNull().default('checking'),
    step: text('step').$type<TCinCheckStep>().notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    errorCode: text('error_code').$type<TCinCheckErrorCode>(),
    hint: text('hint'),
    cityId: integer('city_id').notNull(),
    address: text('address').notNull(),
    area: text('area').notNull(),
    zip: text('zip').notNull(),
    /** The mobile confirmed by OTP (the account's, or the one confirmed on the onboarding link). */
    phone: text('phone').notNull(),
    /** Private storage keys of the CIN images; null once deleted (retention or refusal). */
    cinFrontKey: text('cin_front_key'),
    cinBackKey: text('cin_back_key'),
    cinImagesDeletedAt: timestamp('cin_images_deleted_at', { withTimezone: true }),
    /** What the check read on the CIN (kept: it is the identity the card was issued to). */
    reading: jsonb('reading').$type<TCinReading>(),
    cardId: integer('card_id').references(() => prepaidCards.id),
    /** The onboarding link the order came through, if any. */
    onboardingTokenId: integer('onboarding_token_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('card_orders_employee_idx').on(t.employeeId, t.createdAt),
    // One order under check per employee at a time (EMPLOYEE_HAS_CARD_ORDER under a race too).
    uniqueIndex('card_orders_one_checking_per_employee_uq')
      .on(t.employeeId)
      .where(sql`${t.status} = 'checking'`),
    index('card_orders_checking_idx').on(t.createdAt).where(sql`${t.status} = 'checking'`),
  ],
);

/**
 * Card movements as the issuer reports them (spec §3 Card transaction): '1' credit, '2' debit,
 * with the card's balance after each. The issuer is the source of truth for a card's money; with
 * the sandbox issuer this table is its book, written only through the provider.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => prepaidCards.id),
    type: text('type').$type<TCardTransactionType>().notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'bigint' }).notNull(),
    balanceAfterCentimes: bigint('balance_after_centimes', { mode: 'bigint' }).notNull(),
    label: text('label').notNull(),
    /** The issuer's movement id; our reference (`advance:12`) for loads, so a retry adds nothing. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_transactions_reference_uq').on(t.reference),
    index('card_transactions_card_created_idx').on(t.cardId, t.createdAt),
  ],
);

/**
 * The sandbox issuer's own record of the cards it made: the full card number (which our tables
 * never hold), the PIN's hash and its delivery progress. A real issuer keeps this on its side.
 */
export const sandboxIssuedCards = pgTable('sandbox_issued_cards', {
  issuerReference: text('issuer_reference').primaryKey(),
  cardId: integer('card_id').notNull(),
  stage: text('stage')
    .$type<'ordered' | 'assigned' | 'delivered' | 'failed' | 'active' | 'blocked'>()
    .notNull(),
  cardNumber: text('card_number'),
  pinHash: text('pin_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card-order link HR sent (spec §7 Onboarding): signed, expiring, single use. Only the SHA-256
 * of the random part is kept; the phone step stores the phone the person confirmed.
 */
export const onboardingTokens = pgTable(
  'onboarding_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    tokenHash: text('token_hash').notNull(),
    sentBy: integer('sent_by')
      .notNull()
      .references(() => users.id),
    channels: text('channels').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The phone the OTP step confirmed, and the hash of the token that proves it. */
    confirmedPhone: text('confirmed_phone'),
    phoneTokenHash: text('phone_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('onboarding_tokens_hash_uq').on(t.tokenHash),
    index('onboarding_tokens_employee_idx').on(t.employeeId),
  ],
);

/**
 * Who downloaded which identity document or contract, when, from where (law 09-08: access to a
 * CIN image is authorised and logged). Append only.
 */
export const cardDocumentDownloads = pgTable(
  'card_document_downloads',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    /** 'cin_front' | 'cin_back' | 'unsigned_contract' | 'signed_contract'. */
    document: text('document').notNull(),
    orderId: integer('order_id').references(() => cardOrders.id),
    cardId: integer('card_id').references(() => prepaidCards.id),
    downloadedBy: integer('downloaded_by')
      .notNull()
      .references(() => users.id),
    /** 'allowed' or 'refused': refused attempts are logged too. */
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_document_downloads_employee_idx').on(t.employeeId, t.createdAt)],
);
