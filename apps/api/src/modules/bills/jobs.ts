/**
 * The bill worker (decision 042), shaped like the top-up worker. `bill.pay {billId}` takes a
 * pending bill to processing with a conditional update (one winner), calls the bill-payment
 * platform OUTSIDE any database transaction, then records the answer in one transaction: executed
 * (payout posting, notification) or failed (reason, reversal posting, notification).
 *
 * A biller that does not answer (down, timeout) puts the bill back to pending and counts an
 * attempt; the queue retries. At BILL_MAX_ATTEMPTS the bill fails « facturier indisponible », is
 * reversed and the employee notified. The platform is idempotent by `bill:ID`, so a retry never
 * pays twice.
 */
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bills } from '../../db/schema/bills.ts';
import { employees } from '../../db/schema/employees.ts';
import type { JobQueue, SendOptions } from '../../lib/jobs/job-queue.ts';
import type {
  BillPaymentProvider,
  BillPaymentResult,
} from '../../providers/bill-payment/bill-payment-provider.ts';
import { notify } from '../notifications/service.ts';
import { postBillPaid, postBillReversed } from './ledger-postings.ts';
import { billNotice } from './notices.ts';

export const BILL_PAY_JOB = 'bill.pay';
export const BILL_SWEEP_JOB = 'bill.sweep';
/** Calls without an answer before the bill is given up and reversed. */
export const BILL_MAX_ATTEMPTS = 3;
export const BILLER_DOWN_REASON = 'Le facturier n’a pas répondu';
export const PENDING_GRACE_SECONDS = 60;
export const STALE_PROCESSING_SECONDS = 5 * 60;
const SWEEP_EVERY_SECONDS = 60;
const SWEEP_BATCH = 500;

export type BillJob = { billId: number };
export type BillJobDeps = { db: Db; billPayment: BillPaymentProvider };
export type BillOutcome = 'executed' | 'failed' | 'retry' | 'skipped';

export const billJobOptions = (billId: number): SendOptions => ({ singletonKey: `bill:${billId}` });

/**
 * Runs one bill to its end; safe to call any number of times for the same id. Tests call it to
 * pay a bill synchronously. Answers 'retry' (and the worker throws, so the queue retries) when
 * the biller did not answer and attempts remain.
 */
export async function payBill(
  deps: BillJobDeps,
  billId: number,
  now: Date = new Date(),
): Promise<BillOutcome> {
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_SECONDS * 1000);
  const [claimed] = await deps.db
    .update(bills)
    .set({ status: 'processing', processingAt: now })
    .where(
      and(
        eq(bills.id, billId),
        or(
          eq(bills.status, 'pending'),
          and(eq(bills.status, 'processing'), lt(bills.processingAt, staleBefore)),
        ),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';

  let answer: BillPaymentResult;
  try {
    answer = await deps.billPayment.pay({
      reference: `bill:${claimed.id}`,
      biller: claimed.biller,
      billReference: claimed.reference,
      amountCentimes: claimed.amountCentimes,
    });
  } catch {
    const attempts = claimed.attempts + 1;
    if (attempts < BILL_MAX_ATTEMPTS) {
      await deps.db
        .update(bills)
        .set({ status: 'pending', processingAt: null, attempts })
        .where(and(eq(bills.id, claimed.id), eq(bills.status, 'processing')));
      return 'retry';
    }
    answer = { status: 'failed', providerReference: null, failureReason: BILLER_DOWN_REASON };
  }

  return deps.db.transaction(async (tx) => {
    const finishedAt = new Date();
    const [done] = await tx
      .update(bills)
      .set(
        answer.status === 'succeeded'
          ? { status: 'executed', executedAt: finishedAt, providerReference: answer.providerReference }
          : {
              status: 'failed',
              failedAt: finishedAt,
              failureReason: answer.failureReason,
              providerReference: answer.providerReference,
              attempts: sql`${bills.attempts} + 1`,
            },
      )
      .where(and(eq(bills.id, claimed.id), eq(bills.status, 'processing')))
      .returning();
    if (!done) return 'skipped';
    const [owner] = await tx
      .select({ userId: employees.userId, firstName: users.firstName, lastName: users.lastName })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(employees.id, done.employeeId));
    const who = { firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' };
    if (done.status === 'executed') {
      await postBillPaid(tx, done, who);
      if (owner)
        await notify(tx, {
          userId: owner.userId,
          companyId: done.companyId,
          ...billNotice('bill_paid', done),
        });
      return 'executed';
    }
    await postBillReversed(tx, done, who);
    if (owner)
      await notify(tx, {
        userId: owner.userId,
        companyId: done.companyId,
        ...billNotice('bill_failed', done),
      });
    return 'failed';
  });
}

/** Re-sends the bills whose job was lost: pending for over a minute, or processing for too long. */
export async function sweepBills(deps: { db: Db; jobs: JobQueue }, now: Date = new Date()) {
  const pendingBefore = new Date(now.getTime() - PENDING_GRACE_SECONDS * 1000);
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_SECONDS * 1000);
  const due = await deps.db
    .select({ id: bills.id })
    .from(bills)
    .where(
      or(
        and(eq(bills.status, 'pending'), lt(bills.createdAt, pendingBefore)),
        and(eq(bills.status, 'processing'), lt(bills.processingAt, staleBefore)),
      ),
    )
    .orderBy(asc(bills.id))
    .limit(SWEEP_BATCH);
  for (const { id } of due) await deps.jobs.send(BILL_PAY_JOB, { billId: id }, billJobOptions(id));
  return due.length;
}

export async function registerBillJobs(deps: BillJobDeps & { jobs: JobQueue }) {
  await deps.jobs.work<BillJob>(
    BILL_PAY_JOB,
    async (data) => {
      const outcome = await payBill(deps, Number(data.billId));
      if (outcome === 'retry') throw new Error(`bill ${data.billId}: the biller did not answer, retrying`);
    },
    { retryLimit: BILL_MAX_ATTEMPTS, retryDelaySeconds: 5 },
  );
  await deps.jobs.every(BILL_SWEEP_JOB, SWEEP_EVERY_SECONDS, async () => {
    await sweepBills(deps);
  });
}
