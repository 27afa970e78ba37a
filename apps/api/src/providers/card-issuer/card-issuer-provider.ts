import type { PayoutResult } from '../bank-transfer/bank-transfer-provider.ts';

/**
 * The prepaid-card issuer: loads an advance onto the employee's active card, instantly. Idempotent
 * by our `reference` (`advance:12`) like the bank transfer: a repeated reference answers the first
 * result and never loads the card twice.
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

export type CardIssuerProvider = {
  load(request: CardLoadRequest): Promise<PayoutResult>;
  /** The first answer given for `reference`, or null when the issuer never received it. */
  find(reference: string): Promise<PayoutResult | null>;
};
