/**
 * Paying a confirmed bonus (decision 036): `bonus.payout {bonusId}`, ONE job per bonus that walks
 * its confirmed beneficiaries (a 5000-line bonus queues one job, not 5000), each paid like an
 * advance (modules/payouts/advance-payout.ts):
 *
 * 1. Claim: confirmed → processing (conditional update), choosing the method then: the active
 *    prepaid card at once, else a transfer to the RIB. A `processing` line (a retried job, or one
 *    whose worker died) is resumed by asking the provider about our reference first.
 * 2. Pay OUTSIDE any database transaction; the providers are idempotent by `bonus-payment:ID`.
 *    A thrown error (outage) leaves the line processing; the job goes on with the others and
 *    throws at the end, so the queue retries it.
 * 3. Record the answer in one transaction, conditional on `processing`: executed (payout posting,
 *    `bonus_paid`) or failed (French reason, reversal to the wallet, `bonus_failed`).
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses, bonusPayments } from '../../db/schema/bonuses.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { PayoutResult } from '../../providers/bank-transfer/bank-transfer-provider.ts';
import { notify } from '../notifications/service.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { type PayoutOwner, payoutOwnerOf } from '../payouts/payout-owner.ts';
import { bonusPaymentReference, postBonusPaymentExecuted, postBonusPaymentReversed } from './postings.ts';
import type { BonusPaymentRecord } from './queries.ts';
import { PAYOUT_METHOD_SQL } from './reply-service.ts';
import { displayTitle } from './serialize.ts';

export const BONUS_NO_CARD_REASON = 'Aucune carte prépayée active pour recevoir la prime';
export const BONUS_NO_RIB_REASON = 'Aucun RIB enregistré pour recevoir la prime';
const BATCH = 200;
/** Beneficiaries paid at the same time within one job (the providers answer in tens of ms). */
const CONCURRENCY = 8;

export type BonusPayoutSummary = { executed: number; failed: number; skipped: number; errors: number };

async function claim(
  db: Db,
  paymentId: number,
): Promise<{ payment: BonusPaymentRecord; resumed: boolean } | null> {
  const [claimed] = await db
    .update(bonusPayments)
    .set({ status: 'processing', processingAt: sql`now()`, payoutMethod: sql`${PAYOUT_METHOD_SQL}` })
    .where(and(eq(bonusPayments.id, paymentId), eq(bonusPayments.status, 'confirmed')))
    .returning();
  if (claimed) return { payment: claimed, resumed: false };
  const [current] = await db.select().from(bonusPayments).where(eq(bonusPayments.id, paymentId));
  return current?.status === 'processing' ? { payment: current, resumed: true } : null;
}

async function pay(
  deps: PayoutDeps,
  payment: BonusPaymentRecord,
  owner: PayoutOwner,
  label: string,
  resumed: boolean,
): Promise<PayoutResult> {
  const reference = bonusPaymentReference(payment.id);
  const provider = payment.payoutMethod === 'card' ? deps.card : deps.bank;
  if (resumed) {
    const known = await provider.find(reference);
    if (known) return known;
  }
  if (payment.payoutMethod === 'card') {
    const [card] = await deps.db
      .select({ id: prepaidCards.id, last4: prepaidCards.last4 })
      .from(prepaidCards)
      .where(and(eq(prepaidCards.employeeId, payment.employeeId), eq(prepaidCards.status, 'active')))
      .limit(1);
    if (!card) return { status: 'failed', providerReference: null, failureReason: BONUS_NO_CARD_REASON };
    return deps.card.load({
      reference,
      cardId: card.id,
      last4: card.last4,
      amountCentimes: payment.amountCentimes,
      label,
    });
  }
  if (!owner.rib) return { status: 'failed', providerReference: null, failureReason: BONUS_NO_RIB_REASON };
  return deps.bank.transfer({
    reference,
    rib: owner.rib,
    beneficiaryName: `${owner.firstName} ${owner.lastName}`,
    amountCentimes: payment.amountCentimes,
    label,
  });
}

/** Pays one beneficiary line to its end; safe to call any number of times. */
export async function runBonusPaymentPayout(
  deps: PayoutDeps,
  paymentId: number,
  bonusTitle: string,
): Promise<'executed' | 'failed' | 'skipped'> {
  const claimed = await claim(deps.db, paymentId);
  if (!claimed) return 'skipped';
  const owner = await payoutOwnerOf(deps.db, claimed.payment.companyId, claimed.payment.employeeId);
  const answer = await pay(deps, claimed.payment, owner, `Prime « ${bonusTitle} »`, claimed.resumed);
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(bonusPayments)
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
      .where(and(eq(bonusPayments.id, paymentId), eq(bonusPayments.status, 'processing')))
      .returning();
    if (!done) return 'skipped';
    const parameters = {
      bonus_id: done.bonusId,
      title: bonusTitle,
      amount: centimesToWire(done.amountCentimes),
    };
    if (done.status === 'executed') {
      await postBonusPaymentExecuted(tx, done, bonusTitle, owner);
      await notify(tx, {
        userId: owner.userId,
        companyId: done.companyId,
        event: 'bonus_paid',
        parameters,
        target: { type: 'bonus_payment', id: done.id },
      });
      return 'executed';
    }
    await postBonusPaymentReversed(tx, done, bonusTitle, owner);
    await notify(tx, {
      userId: owner.userId,
      companyId: done.companyId,
      event: 'bonus_failed',
      parameters: { ...parameters, reason: done.failureReason },
      target: { type: 'bonus_payment', id: done.id },
    });
    return 'failed';
  });
}

/**
 * Pays every confirmed (or stuck processing) beneficiary of a bonus. Throws at the end when a
 * provider could not answer for some (they stay processing; the queue retries the job).
 */
export async function runBonusPayout(deps: PayoutDeps, bonusId: number): Promise<BonusPayoutSummary> {
  const [bonus] = await deps.db
    .select({ title: bonuses.title, customTitle: bonuses.customTitle })
    .from(bonuses)
    .where(eq(bonuses.id, bonusId));
  const summary: BonusPayoutSummary = { executed: 0, failed: 0, skipped: 0, errors: 0 };
  if (!bonus) return summary;
  const title = displayTitle(bonus.title, bonus.customTitle);
  let lastId = 0;
  let firstError: unknown = null;
  for (;;) {
    const batch = await deps.db
      .select({ id: bonusPayments.id })
      .from(bonusPayments)
      .where(
        and(
          eq(bonusPayments.bonusId, bonusId),
          inArray(bonusPayments.status, ['confirmed', 'processing']),
          gt(bonusPayments.id, lastId),
        ),
      )
      .orderBy(asc(bonusPayments.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    lastId = batch.at(-1)!.id;
    for (let i = 0; i < batch.length; i += CONCURRENCY) {
      const outcomes = await Promise.allSettled(
        batch.slice(i, i + CONCURRENCY).map(({ id }) => runBonusPaymentPayout(deps, id, title)),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') summary[outcome.value] += 1;
        else {
          summary.errors += 1;
          firstError ??= outcome.reason;
        }
      }
    }
  }
  if (firstError) throw firstError;
  return summary;
}
