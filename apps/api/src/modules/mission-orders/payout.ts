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
import { centimesToWire } from '../../lib/money.ts';
import { notify } from '../notifications/service.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { payEmployee } from '../payouts/pay-employee.ts';
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

function pay(deps: PayoutDeps, order: MissionOrderRecord, owner: Owner, resumed: boolean) {
  return payEmployee(deps, {
    reference: missionOrderReference(order.id),
    method: order.payoutMethod,
    employeeId: order.employeeId,
    owner,
    amountCentimes: order.advanceCentimes,
    label: `Avance de mission ${order.number}`,
    resumed,
    noCardReason: MISSION_NO_CARD_REASON,
    noRibReason: MISSION_NO_RIB_REASON,
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
