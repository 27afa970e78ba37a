/**
 * The top-up worker (decision 020). `recharge.execute {rechargeId}` takes a pending top-up to
 * processing with a conditional update (one winner), calls the telecom aggregator OUTSIDE any
 * database transaction (a slow operator must not hold row locks), then records the answer in one
 * transaction: executed (payout posting, notification) or failed (reason, reversal posting,
 * notification) — again conditional on `processing`, so a duplicate job changes nothing.
 *
 * The aggregator is idempotent by `recharge:ID`, which makes every retry safe: a transient error
 * puts the row back to pending and lets the queue retry; a crash between the claim and the answer
 * leaves a stale `processing` row that the sweeper resumes (asking again returns the first answer).
 */
import { and, asc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { recharges } from '../../db/schema/money.ts';
import type { JobQueue, SendOptions } from '../../lib/jobs/job-queue.ts';
import type { TelecomProvider } from '../../providers/telecom/telecom-provider.ts';
import { notify } from '../notifications/service.ts';
import { postRechargeExecuted, postRechargeReversed } from './ledger-postings.ts';
import { rechargeNotice } from './notices.ts';

export const RECHARGE_EXECUTE_JOB = 'recharge.execute';
export const RECHARGE_SWEEP_JOB = 'recharge.sweep';
/** A pending top-up this old has lost its job (crash between commit and send): send it again. */
export const PENDING_GRACE_SECONDS = 60;
/** A top-up processing this long has lost its worker (crash during the telecom call): resume it. */
export const STALE_PROCESSING_SECONDS = 5 * 60;
const SWEEP_EVERY_SECONDS = 60;
const SWEEP_BATCH = 500;

export type RechargeJob = { rechargeId: number };
export type RechargeJobDeps = { db: Db; telecom: TelecomProvider };
export type RechargeOutcome = 'executed' | 'failed' | 'skipped';

export const rechargeJobOptions = (rechargeId: number): SendOptions => ({
  singletonKey: `recharge:${rechargeId}`,
});

/**
 * Runs one top-up to its end; safe to call any number of times for the same id (only a pending
 * or stale processing top-up is picked up). Tests call it to execute a top-up synchronously.
 * Throws when the aggregator could not answer (the row is pending again, to retry).
 */
export async function executeRecharge(
  deps: RechargeJobDeps,
  rechargeId: number,
  now: Date = new Date(),
): Promise<RechargeOutcome> {
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_SECONDS * 1000);
  const [claimed] = await deps.db
    .update(recharges)
    .set({ status: 'processing', processingAt: now })
    .where(
      and(
        eq(recharges.id, rechargeId),
        or(
          eq(recharges.status, 'pending'),
          and(eq(recharges.status, 'processing'), lt(recharges.processingAt, staleBefore)),
        ),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';

  let answer: Awaited<ReturnType<TelecomProvider['topUp']>>;
  try {
    answer = await deps.telecom.topUp({
      reference: `recharge:${claimed.id}`,
      phone: claimed.phone,
      operator: claimed.operator,
      product: claimed.product,
      amountCentimes: claimed.amountCentimes,
    });
  } catch (error) {
    await deps.db
      .update(recharges)
      .set({ status: 'pending', processingAt: null })
      .where(and(eq(recharges.id, claimed.id), eq(recharges.status, 'processing')));
    throw error;
  }

  return deps.db.transaction(async (tx) => {
    const finishedAt = new Date();
    const [done] = await tx
      .update(recharges)
      .set(
        answer.status === 'succeeded'
          ? { status: 'executed', executedAt: finishedAt, providerReference: answer.providerReference }
          : {
              status: 'failed',
              failedAt: finishedAt,
              failureReason: answer.failureReason,
              providerReference: answer.providerReference,
            },
      )
      .where(and(eq(recharges.id, claimed.id), eq(recharges.status, 'processing')))
      .returning();
    if (!done) return 'skipped';
    const [owner] = await tx
      .select({ userId: employees.userId, firstName: users.firstName, lastName: users.lastName })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(employees.id, done.employeeId));
    const who = { firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' };
    if (done.status === 'executed') {
      await postRechargeExecuted(tx, done, who);
      if (owner)
        await notify(tx, {
          userId: owner.userId,
          companyId: done.companyId,
          ...rechargeNotice('recharge_executed', done),
        });
      return 'executed';
    }
    await postRechargeReversed(tx, done, who);
    if (owner)
      await notify(tx, {
        userId: owner.userId,
        companyId: done.companyId,
        ...rechargeNotice('recharge_failed', done),
      });
    return 'failed';
  });
}

/** Re-sends the top-ups whose job was lost: pending for over a minute, or processing for too long. */
export async function sweepRecharges(deps: { db: Db; jobs: JobQueue }, now: Date = new Date()) {
  const pendingBefore = new Date(now.getTime() - PENDING_GRACE_SECONDS * 1000);
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_SECONDS * 1000);
  const due = await deps.db
    .select({ id: recharges.id })
    .from(recharges)
    .where(
      or(
        and(eq(recharges.status, 'pending'), lt(recharges.createdAt, pendingBefore)),
        and(eq(recharges.status, 'processing'), lt(recharges.processingAt, staleBefore)),
      ),
    )
    .orderBy(asc(recharges.id))
    .limit(SWEEP_BATCH);
  for (const { id } of due)
    await deps.jobs.send(RECHARGE_EXECUTE_JOB, { rechargeId: id }, rechargeJobOptions(id));
  return due.length;
}

/** Registers the worker and the sweeper while the app is built (they start with the queue). */
export async function registerRechargeJobs(deps: RechargeJobDeps & { jobs: JobQueue }) {
  await deps.jobs.work<RechargeJob>(RECHARGE_EXECUTE_JOB, async (data) => {
    await executeRecharge(deps, Number(data.rechargeId));
  });
  await deps.jobs.every(RECHARGE_SWEEP_JOB, SWEEP_EVERY_SECONDS, async () => {
    await sweepRecharges(deps);
  });
}
