import type { TBillerId } from '@tasbiq/contracts/bills';

/**
 * A bill-payment aggregator (what the national bill platform offers billers and payment
 * services): look a bill up by the biller's reference, then pay it. Like the other providers, a
 * payment is idempotent by our `reference` (`bill:12`): asking again returns the first answer and
 * never pays twice, so a job may retry after a crash or an outage.
 */
export type BillLookupRequest = { biller: TBillerId; reference: string; at: Date };

export type BillLookupResult =
  | {
      status: 'found';
      /** The holder's name, partly masked. */
      holder: string;
      amountDueCentimes: bigint;
      /** YYYY-MM-DD */
      dueDate: string;
      /** Whether the biller accepts less than the amount due. */
      partial: boolean;
    }
  | { status: 'not_found' }
  | { status: 'already_paid' };

export type BillPaymentRequest = {
  /** Our idempotency reference, `bill:ID`. */
  reference: string;
  biller: TBillerId;
  billReference: string;
  amountCentimes: bigint;
};

/**
 * A definitive answer: `failed` is the biller refusing the payment (nothing was paid, no retry).
 * A biller that does not answer (down, timeout) is a thrown error: the caller retries with the
 * same reference, and gives up after a few attempts.
 */
export type BillPaymentResult =
  | { status: 'succeeded'; providerReference: string }
  | { status: 'failed'; providerReference: string | null; failureReason: string };

export type BillPaymentProvider = {
  /** Throws when the biller does not answer (BILLER_UNAVAILABLE for the caller). */
  lookup(request: BillLookupRequest): Promise<BillLookupResult>;
  pay(request: BillPaymentRequest): Promise<BillPaymentResult>;
};

/** A biller that did not answer: retry later. */
export class BillerUnavailable extends Error {}
