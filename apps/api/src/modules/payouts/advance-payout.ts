/**
 * Paying an advance out (decision 020): `advance.payout {advanceId}`.
 *
 * 1. Claim: a conditional update pending → processing (only when `payout_after` has passed). A
 *    canceled, executed or not-yet-due advance is left alone; an advance already `processing` (a
 *    retried job, or the sweeper resuming one whose worker died) is resumed.
 * 2. Pay, OUTSIDE any database transaction (a slow bank must not hold row locks): the card issuer
 *    for `card`, the bank transfer for `rib`. Both are idempotent by our reference `advance:ID`:
 *    a resumed advance first asks the provider what it answered, and asking again returns the
 *    first answer, so a retried job never pays twice. A thrown error (timeout, outage) leaves the
 *    advance `processing` and the queue retries: going back to `pending` would let the employee
 *    cancel an advance the bank may have sent.
 * 3. Record the answer in one transaction, conditional on `processing` (a duplicate job changes
 *    nothing): executed (payout posting, advance_executed) or failed (French reason, reversal of
 *    amount and fee, advance_failed).
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { advances, prepaidCards } from '../../db/schema/money.ts';
import type {
  BankTransferProvider,
  PayoutResult,
} from '../../providers/bank-transfer/bank-transfer-provider.ts';
import type { CardIssuerProvider } from '../../providers/card-issuer/card-issuer-provider.ts';
import { advanceNotice } from '../advances/notices.ts';
import { type AdvanceRecord, postAdvanceExecuted, postAdvanceReversed } from '../advances/postings.ts';
import { notify } from '../notifications/service.ts';
import { type PayoutOwner, payoutOwnerOf } from './payout-owner.ts';

export type PayoutProviders = { bank: BankTransferProvider; card: CardIssuerProvider };
export type PayoutDeps = { db: Db } & PayoutProviders;
export type PayoutOutcome = 'executed' | 'failed' | 'skipped';

export const NO_ACTIVE_CARD_REASON = 'Aucune carte prépayée active pour recevoir l’avance';
export const NO_RIB_REASON = 'Aucun RIB enregistré pour recevoir l’avance';

export const advanceReference = (advanceId: number) => `advance:${advanceId}`;

/** Takes a due pending advance to processing; null when it is not pending or not due yet. */
async function claim(
  db: Db,
  advanceId: number,
): Promise<{ advance: AdvanceRecord; resumed: boolean } | null> {
  const [claimed] = await db
    .update(advances)
    .set({ status: 'processing', processingAt: sql`now()` })
    .where(
      and(eq(advances.id, advanceId), eq(advances.status, 'pending'), lte(advances.payoutAfter, sql`now()`)),
    )
    .returning();
  if (claimed) return { advance: claimed, resumed: false };
  const [current] = await db.select().from(advances).where(eq(advances.id, advanceId));
  return current?.status === 'processing' ? { advance: current, resumed: true } : null;
}

/** Asks the right provider; a failure known before any call (no card, no RIB) is an answer too. */
async function pay(
  deps: PayoutDeps,
  advance: AdvanceRecord,
  owner: PayoutOwner,
  resumed: boolean,
): Promise<PayoutResult> {
  const reference = advanceReference(advance.id);
  const label = `Avance sur salaire n° ${advance.id}`;
  if (advance.payoutMethod === 'card') {
    if (resumed) {
      const known = await deps.card.find(reference);
      if (known) return known;
    }
    const [card] = await deps.db
      .select({ id: prepaidCards.id, last4: prepaidCards.last4 })
      .from(prepaidCards)
      .where(and(eq(prepaidCards.employeeId, advance.employeeId), eq(prepaidCards.status, 'active')))
      .limit(1);
    if (!card) return { status: 'failed', providerReference: null, failureReason: NO_ACTIVE_CARD_REASON };
    return deps.card.load({
      reference,
      cardId: card.id,
      last4: card.last4,
      amountCentimes: advance.amountCentimes,
      label,
    });
  }
  if (resumed) {
    const known = await deps.bank.find(reference);
    if (known) return known;
  }
  if (!owner.rib) return { status: 'failed', providerReference: null, failureReason: NO_RIB_REASON };
  return deps.bank.transfer({
    reference,
    rib: owner.rib,
    beneficiaryName: `${owner.firstName} ${owner.lastName}`,
    amountCentimes: advance.amountCentimes,
    label,
  });
}

/**
 * Runs the payout of one advance to its end; safe to call any number of times for the same id.
 * Tests call it to pay an advance synchronously. Throws when the provider could not answer
 * (the advance stays processing; the job retries, the sweeper resumes it later otherwise).
 */
export async function runAdvancePayout(deps: PayoutDeps, advanceId: number): Promise<PayoutOutcome> {
  const claimed = await claim(deps.db, advanceId);
  if (!claimed) return 'skipped';
  const owner = await payoutOwnerOf(deps.db, claimed.advance.companyId, claimed.advance.employeeId);
  const answer = await pay(deps, claimed.advance, owner, claimed.resumed);

  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(advances)
      .set(
        answer.status === 'succeeded'
          ? { status: 'executed', executedAt: sql`now()`, providerReference: answer.providerReference }
          : {
              status: 'failed',
              failedAt: sql`now()`,
              failureReason: answer.failureReason,
              providerReference: answer.providerReference,
            },
      )
      .where(and(eq(advances.id, advanceId), eq(advances.status, 'processing')))
      .returning();
    if (!done) return 'skipped';
    if (done.status === 'executed') {
      await postAdvanceExecuted(tx, done, owner);
      await notify(tx, {
        userId: owner.userId,
        companyId: done.companyId,
        ...advanceNotice('advance_executed', done),
      });
      return 'executed';
    }
    await postAdvanceReversed(tx, done, owner, 'failed');
    await notify(tx, {
      userId: owner.userId,
      companyId: done.companyId,
      ...advanceNotice('advance_failed', done),
    });
    return 'failed';
  });
}
