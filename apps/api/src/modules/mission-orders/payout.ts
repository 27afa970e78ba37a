/**
 * Paying an approved order's advance (issue 14; decision 038), exactly like a salary advance's
 * payout (modules/payouts/advance-payout.ts) and a bonus line's:
 * 1. Claim: advance confirmed → processing (conditional update); a `processing` one (a retried
 *    job, or one whose worker died) is resumed by asking the provider about our reference first.
 * 2. Pay OUTSIDE any database transaction: the active prepaid card, else a transfer to the RIB
 *    (decided at approval); both providers are idempotent by `mission-order:ID`.
 * 3. Record the answer in one transaction, conditional on `processing`: executed (payout posting;
 *    the amount becomes the amount to justify; `odm_advance_paid`) or failed (French reason,
 *    reversal to the wallet, `odm_advance_failed`).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { missionOrders } from '../../db/schema/mission-orders.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { PayoutResult } from '../../providers/bank-transfer/bank-transfer-provider.ts';
import { notify } from '../notifications/service.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { missionOrderReference, postMissionAdvancePaid, postMissionAdvanceReversed } from './postings.ts';
import type { MissionOrderRecord } from './queries.ts';

export const MISSION_NO_CARD_REASON = 'Aucune carte prépayée active pour recevoir l’avance';
export const MISSION_NO_RIB_REASON = 'Aucun RIB enregistré pour recevoir l’avance';

async function claim(
  db: Db,
  orderId: number,
): Promise<{ order: MissionOrderRecord; resumed: boolean } | null> {
  const [claimed] = await db
    .update(missionOrders)
    .set({ advanceStatus: 'processing', processingAt: sql`now()` })
    .where(and(eq(missionOrders.id, orderId), eq(missionOrders.advanceStatus, 'confirmed')))
    .returning();
  if (claimed) return { order: claimed, resumed: false };
  const [current] = await db.select().from(missionOrders).where(eq(missionOrders.id, orderId));
  return current?.advanceStatus === 'processing' ? { order: current, resumed: true } : null;
}

async function ownerOf(db: Db, employeeId: number) {
  const [owner] = await db
    .select({
      userId: employees.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      serial: employees.serial,
      rib: employees.rib,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, employeeId));
  if (!owner) throw new Error(`Mission order owner ${employeeId} vanished.`);
  return owner;
}
type Owner = Awaited<ReturnType<typeof ownerOf>>;

async function pay(
  deps: PayoutDeps,
  order: MissionOrderRecord,
  owner: Owner,
  resumed: boolean,
): Promise<PayoutResult> {
  const reference = missionOrderReference(order.id);
  const provider = order.payoutMethod === 'card' ? deps.card : deps.bank;
  if (resumed) {
    const known = await provider.find(reference);
    if (known) return known;
  }
  const label = `Avance de mission ${order.number}`;
  if (order.payoutMethod === 'card') {
    const [card] = await deps.db
      .select({ id: prepaidCards.id, last4: prepaidCards.last4 })
      .from(prepaidCards)
      .where(and(eq(prepaidCards.employeeId, order.employeeId), eq(prepaidCards.status, 'active')))
      .limit(1);
    if (!card) return { status: 'failed', providerReference: null, failureReason: MISSION_NO_CARD_REASON };
    return deps.card.load({
      reference,
      cardId: card.id,
      last4: card.last4,
      amountCentimes: order.advanceCentimes,
      label,
    });
  }
  if (!owner.rib) return { status: 'failed', providerReference: null, failureReason: MISSION_NO_RIB_REASON };
  return deps.bank.transfer({
    reference,
    rib: owner.rib,
    beneficiaryName: `${owner.firstName} ${owner.lastName}`,
    amountCentimes: order.advanceCentimes,
    label,
  });
}

/** Pays one order's advance to its end; safe to call any number of times for the same id. */
export async function runMissionAdvancePayout(
  deps: PayoutDeps,
  orderId: number,
): Promise<'executed' | 'failed' | 'skipped'> {
  const claimed = await claim(deps.db, orderId);
  if (!claimed) return 'skipped';
  const owner = await ownerOf(deps.db, claimed.order.employeeId);
  const answer = await pay(deps, claimed.order, owner, claimed.resumed);
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(missionOrders)
      .set(
        answer.status === 'succeeded'
          ? {
              advanceStatus: 'executed',
              executedAt: sql`now()`,
              providerReference: answer.providerReference,
              advancePaidCentimes: sql`${missionOrders.advanceCentimes}`,
            }
          : {
              advanceStatus: 'failed',
              failedAt: sql`now()`,
              failureReason: answer.failureReason,
              providerReference: answer.providerReference,
            },
      )
      .where(and(eq(missionOrders.id, orderId), eq(missionOrders.advanceStatus, 'processing')))
      .returning();
    if (!done) return 'skipped';
    const parameters = { odm_id: done.id, number: done.number, amount: centimesToWire(done.advanceCentimes) };
    if (done.advanceStatus === 'executed') {
      await postMissionAdvancePaid(tx, done, owner);
      await notify(tx, {
        userId: owner.userId,
        companyId: done.companyId,
        event: 'odm_advance_paid',
        parameters,
        target: null,
      });
      return 'executed';
    }
    await postMissionAdvanceReversed(tx, done, owner);
    await notify(tx, {
      userId: owner.userId,
      companyId: done.companyId,
      event: 'odm_advance_failed',
      parameters: { ...parameters, reason: done.failureReason },
      target: null,
    });
    return 'failed';
  });
}
