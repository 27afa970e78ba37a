/**
 * The bank that sends salary advances to an employee's RIB by transfer (virement). Like real
 * payment APIs, a transfer is idempotent by our `reference` (`advance:12`): asking again with
 * the same reference returns the first answer and never sends the money twice, so the payout
 * job may retry after a crash without knowing whether the first call went through.
 */
export type BankTransferRequest = {
  /** Our idempotency reference, `advance:ID`. */
  reference: string;
  /** 24-digit Moroccan RIB of the beneficiary. */
  rib: string;
  beneficiaryName: string;
  amountCentimes: bigint;
  /** Shown on the beneficiary's statement. */
  label: string;
};

/**
 * A definitive answer. `failed` is the bank refusing the transfer (closed account, wrong RIB…):
 * nothing was sent and it will not be retried. A transient problem (timeout, outage) is a thrown
 * error instead: the caller retries with the same reference.
 */
export type PayoutResult =
  | { status: 'succeeded'; providerReference: string }
  | { status: 'failed'; providerReference: string | null; failureReason: string };

export type BankTransferProvider = {
  transfer(request: BankTransferRequest): Promise<PayoutResult>;
  /** The first answer given for `reference`, or null when the bank never received it. */
  find(reference: string): Promise<PayoutResult | null>;
};
