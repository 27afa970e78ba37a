import type { TTelecomOperator } from '@tasbiq/contracts/money';

/**
 * A prepaid top-up aggregator (Maroc Telecom, Orange, inwi lines). Like the real distributors'
 * APIs, a call is idempotent by our `reference` (`recharge:12`): asking again for the same
 * reference returns the first answer and never credits the line twice, so a job may retry
 * after a crash without knowing whether the first call went through.
 */
export type TelecomTopUpRequest = {
  /** Our idempotency reference, `recharge:ID`. */
  reference: string;
  /** +2126XXXXXXXX or +2127XXXXXXXX */
  phone: string;
  operator: TTelecomOperator;
  /** Product code from contracts RECHARGE_PRODUCTS, e.g. "iam-50". */
  product: string;
  /** Credit the line receives (face amount), in centimes. */
  amountCentimes: bigint;
};

/**
 * A definitive answer. `failed` is the operator refusing the top-up (unknown number, barred
 * line…): nothing was credited and it will not be retried. A transient problem (timeout,
 * outage) is a thrown error instead: the caller retries with the same reference.
 */
export type TelecomTopUpResult =
  | { status: 'succeeded'; providerReference: string }
  | { status: 'failed'; providerReference: string | null; failureReason: string };

export type TelecomProvider = {
  topUp(request: TelecomTopUpRequest): Promise<TelecomTopUpResult>;
};
