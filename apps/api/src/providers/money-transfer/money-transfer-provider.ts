/**
 * A money-transfer network with cash pick-up at its agencies (Cash Plus, Wafacash… in Morocco).
 * Like the real networks' APIs, every call is idempotent by our `reference` (`transfer:12`):
 * sending again returns the first answer and never creates a second transfer. The network sends
 * the pick-up code to the recipient by SMS itself, and tells us when an agency paid the transfer
 * out (a callback, `onCollected`).
 */
export type MoneyTransferSendRequest = {
  /** Our idempotency reference, `transfer:ID`. */
  reference: string;
  senderName: string;
  recipientName: string;
  /** +2126XXXXXXXX or +2127XXXXXXXX */
  recipientPhone: string;
  /** What the recipient collects, in centimes. */
  amountCentimes: bigint;
  /** The last instant the agencies pay it out (shown in the SMS). */
  expiresAt: Date;
};

/**
 * A definitive answer. `failed` is the network refusing the transfer (unreachable number, blocked
 * recipient…): nothing was sent and it will not be retried. A transient problem (timeout, outage)
 * is a thrown error instead: the caller retries with the same reference.
 */
export type MoneyTransferSendResult =
  | { status: 'sent'; providerReference: string }
  | { status: 'failed'; providerReference: null; failureReason: string };

/**
 * Asking the network to stop paying a transfer out (the sender canceled, or it expired). Either
 * it was still available and is now canceled, or an agency paid it out first (`collected`, with
 * when), or the network never had it (`unknown`: the send never reached it).
 */
export type MoneyTransferCancelResult =
  | { status: 'canceled' }
  | { status: 'collected'; collectedAt: Date }
  | { status: 'unknown' };

export type MoneyTransferCollected = { reference: string; collectedAt: Date };

export type MoneyTransferProvider = {
  send(request: MoneyTransferSendRequest): Promise<MoneyTransferSendResult>;
  cancel(reference: string): Promise<MoneyTransferCancelResult>;
  /** Registers what to do when an agency pays a transfer out (the network's callback). */
  onCollected(listener: (event: MoneyTransferCollected) => Promise<void>): void;
};
