import type { TCardTransactionType } from '@tasbiq/contracts/cards';
import type { PayoutResult } from '../bank-transfer/bank-transfer-provider.ts';

/**
 * The prepaid-card issuer (issue 3 for loads, issue 11 for the card's life; decision 032).
 *
 * Loads: an advance onto the employee's active card, instantly, idempotent by our `reference`
 * (`advance:12`) like the bank transfer: a repeated reference answers the first result and never
 * loads the card twice.
 *
 * Life: we order a card; the issuer assigns a number and has it delivered on its own schedule and
 * tells us through events (a webhook in production): `assigned` with the last four digits,
 * `delivered`, or `failed` with a reason. We never hold the full number: the issuer checks the one
 * the employee types. It activates, blocks, unblocks, sends a new PIN by SMS, and keeps the card's
 * balance and movements.
 */
export type CardLoadRequest = {
  /** Our idempotency reference, `advance:ID`. */
  reference: string;
  /** Our prepaid card id and its last four digits (the issuer's card token in production). */
  cardId: number;
  last4: string | null;
  amountCentimes: bigint;
  label: string;
};

export type CardOrderRequest = {
  /** Our prepaid card id (the issuer keeps it as its client reference). */
  cardId: number;
  holder: { firstName: string; lastName: string; cin: string; phone: string };
  delivery: { city: string; address: string; area: string; zip: string };
};

/**
 * `cardId` is our own reference, given with the order and echoed back (issuers call it the client
 * or external reference): an event can arrive before `orderCard` has returned the issuer's
 * reference to us, and must still find its card.
 */
export type CardIssuerEvent =
  | { issuerReference: string; cardId: number; stage: 'assigned'; last4: string }
  | { issuerReference: string; cardId: number; stage: 'delivered' }
  | { issuerReference: string; cardId: number; stage: 'failed'; reason: string };

export type CardMovement = {
  id: number;
  type: TCardTransactionType;
  amountCentimes: bigint;
  balanceAfterCentimes: bigint;
  label: string;
  at: Date;
};

export type CardIssuerProvider = {
  load(request: CardLoadRequest): Promise<PayoutResult>;
  /** The first answer given for `reference`, or null when the issuer never received it. */
  find(reference: string): Promise<PayoutResult | null>;
  /** Orders a card; answers the issuer's reference at once, the rest comes by events. */
  orderCard(request: CardOrderRequest): Promise<{ issuerReference: string }>;
  /** Whether `cardNumber` (16 digits) is the number of the card the issuer made. */
  verifyCardNumber(issuerReference: string, cardNumber: string): Promise<boolean>;
  activate(issuerReference: string): Promise<void>;
  setBlocked(issuerReference: string, blocked: boolean): Promise<void>;
  /** Makes a new PIN and sends it by SMS to `phone` (never to us). */
  resetPin(issuerReference: string, phone: string, last4: string | null): Promise<void>;
  balance(cardId: number): Promise<bigint>;
  /** Movements in [from, to), newest first. */
  movements(cardId: number, from: Date, to: Date): Promise<CardMovement[]>;
  /** Where the issuer's events go (the cards module registers one handler). */
  onEvent(handler: (event: CardIssuerEvent) => Promise<void>): void;
};
