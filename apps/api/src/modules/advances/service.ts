/**
 * Salary advances: simulate, create, cancel (spec §7 Advances; issue 3; decision 020).
 *
 * Every write runs in one database transaction that starts by locking the employee row
 * (`lockEmployee`), THEN reads the spending state: requests of one employee queue up, and each
 * sees what the previous one committed. The rules are the pure ones of this folder
 * (`simulateAdvance`), run again under the lock; the ledger re-checks the company wallet under its
 * own row lock (INSUFFICIENT_FUNDS). Status changes are conditional updates, so a cancel racing
 * the payout job has exactly one winner.
 */
import type { TAdvance, TAdvanceSimulation } from '@tasbiq/contracts/advances';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { advances } from '../../db/schema/money.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { notify } from '../notifications/service.ts';
import { simulationInput } from '../spending/simulation-input.ts';
import { loadSpendingState, lockEmployee, type SpendingState } from '../spending/state.ts';
import { advanceNotice } from './notices.ts';
import { postAdvanceCreated, postAdvanceReversed } from './postings.ts';
import { type AdvanceEmployee, serializeAdvance, serializeSimulation } from './serialize.ts';
import { simulateAdvance } from './simulate.ts';

export const IDEMPOTENCY_SCOPE_ADVANCES = 'advances';

/** Who is asking: the caller's account and employee row (from the session, never the body). */
export type AdvanceCaller = {
  userId: number;
  companyId: number;
  employee: AdvanceEmployee;
};

function refuseInactive(state: SpendingState | null): SpendingState {
  // The session already refuses a deactivated account; a deactivated employment record too.
  if (!state) throw notFound();
  if (!state.isActive) throw new AppError('inactive_account', { status: 403 });
  return state;
}

/** Business code → wire error; `min_value` stays a field error on `amount`. */
function refusal(code: string): AppError {
  if (code === 'min_value') return fieldError('amount', 'min_value');
  return new AppError(code, { status: 400 });
}

/** POST /advances/simulate/: answers 200 either way, `error_code` set when it would be refused. */
export async function simulateEmployeeAdvance(
  db: DbOrTx,
  caller: AdvanceCaller,
  amountCentimes: bigint,
  at: Date = new Date(),
): Promise<TAdvanceSimulation> {
  const state = refuseInactive(
    await loadSpendingState(db, { employeeId: caller.employee.id, companyId: caller.companyId }, at),
  );
  return serializeSimulation(simulateAdvance(simulationInput(state, amountCentimes)));
}

export type CreateAdvanceInput = {
  amountCentimes: bigint;
  payoutMethod: TPayoutMethod;
  /** Seconds before a RIB transfer may leave (PAYOUT_RIB_DELAY_SECONDS); card payouts leave at once. */
  ribDelaySeconds: number;
  idempotencyKey: string | undefined;
  /** The parsed body the key is bound to. */
  body: unknown;
};

export type CreatedAdvance = {
  status: number;
  body: TAdvance;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
  /** When the payout job may start (seconds from now); null on a replay (nothing new to pay). */
  payoutDelaySeconds: number | null;
};

/**
 * POST /advances/: checks in the order of limits.ts (ACCESS_RESTRICTED, REQUEST_LIMIT_EXCEEDED,
 * AMOUNT_LIMIT_EXCEEDED, BALANCE_INSUFFICIENT, INSUFFICIENT_FUNDS), then the payout destination
 * (CARD_REQUIRED, RIB_REQUIRED); inserts the advance, posts it to the ledger (wallet re-checked
 * under its lock) and notifies the employee, in one transaction with the Idempotency-Key claim.
 * The caller sends the payout job after this returns (after the commit).
 */
export async function createAdvance(
  db: Db,
  caller: AdvanceCaller,
  input: CreateAdvanceInput,
): Promise<CreatedAdvance> {
  const delay = input.payoutMethod === 'rib' ? input.ribDelaySeconds : 0;
  const result = await withIdempotency<TAdvance>(
    db,
    { userId: caller.userId, scope: IDEMPOTENCY_SCOPE_ADVANCES, key: input.idempotencyKey, body: input.body },
    async (tx) => {
      await lockEmployee(tx, caller.employee.id);
      const state = refuseInactive(
        await loadSpendingState(tx, { employeeId: caller.employee.id, companyId: caller.companyId }),
      );
      const simulation = simulateAdvance(simulationInput(state, input.amountCentimes));
      if (simulation.error_code) throw refusal(simulation.error_code);
      if (input.payoutMethod === 'card' && !state.hasActiveCard)
        throw new AppError('CARD_REQUIRED', { status: 400 });
      if (input.payoutMethod === 'rib' && !state.rib) throw new AppError('RIB_REQUIRED', { status: 400 });

      const [advance] = await tx
        .insert(advances)
        .values({
          companyId: caller.companyId,
          employeeId: caller.employee.id,
          amountCentimes: input.amountCentimes,
          feeCentimes: simulation.fee,
          isFree: simulation.is_free,
          payoutMethod: input.payoutMethod,
          payoutAfter: sql`now() + make_interval(secs => ${delay})`,
        })
        .returning();
      await postAdvanceCreated(tx, advance!, caller.employee, caller.userId);
      await notify(tx, {
        userId: caller.userId,
        companyId: caller.companyId,
        ...advanceNotice('advance_created', advance!),
      });
      return { status: 201, body: serializeAdvance(advance!, caller.employee) };
    },
  );
  return { ...result, payoutDelaySeconds: result.replayed ? null : delay };
}

/**
 * POST /advances/{id}/cancel/: only the employee's own advance (another's, or another company's,
 * answers 404), only while pending (ADVANCE_NOT_PENDING otherwise: the payout job got it first).
 */
export async function cancelAdvance(
  db: Db,
  caller: AdvanceCaller,
  advanceId: number,
  reason: string,
): Promise<TAdvance> {
  return db.transaction(async (tx) => {
    await lockEmployee(tx, caller.employee.id);
    const own = and(
      eq(advances.id, advanceId),
      eq(advances.companyId, caller.companyId),
      eq(advances.employeeId, caller.employee.id),
    );
    const [canceled] = await tx
      .update(advances)
      .set({ status: 'canceled', cancelReason: reason, canceledAt: sql`now()` })
      .where(and(own, eq(advances.status, 'pending')))
      .returning();
    if (!canceled) {
      const [exists] = await tx.select({ id: advances.id }).from(advances).where(own);
      if (!exists) throw notFound();
      throw new AppError('ADVANCE_NOT_PENDING', { status: 400 });
    }
    await postAdvanceReversed(tx, canceled, caller.employee, 'canceled');
    await notify(tx, {
      userId: caller.userId,
      companyId: caller.companyId,
      ...advanceNotice('advance_canceled', canceled),
    });
    return serializeAdvance(canceled, caller.employee);
  });
}
