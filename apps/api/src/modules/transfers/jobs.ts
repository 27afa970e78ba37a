/**
 * The transfer worker and the transfer's later life (decision 044), shaped like the top-ups'
 * (recharges/jobs.ts):
 * - `transfer.send {transferId}` takes a pending transfer to processing (one winner), calls the
 *   network OUTSIDE any database transaction, then records sent (with its expiry) or failed
 *   (reversal, notification), again conditional on `processing`. A transient error puts it back
 *   to pending for the queue's retry; the sweeper re-sends lost jobs and resumes stale ones (the
 *   network is idempotent by `transfer:ID`).
 * - Collection is the network's callback (`onCollected`): sent → collected, payout posting.
 * - `transfer.expire` (every 5 minutes) cancels at the network the sent transfers past their
 *   expiry and refunds them; one that an agency paid out first is recorded collected instead.
 * - The sender's cancel goes through the same network cancel (cancelTransfer).
 */
import { TRANSFER_EXPIRY_DAYS } from '@tasbiq/contracts/transfers';
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transfers } from '../../db/schema/transfers.ts';
import type { JobQueue, SendOptions } from '../../lib/jobs/job-queue.ts';
import type { MoneyTransferProvider } from '../../providers/money-transfer/money-transfer-provider.ts';
import { notify } from '../notifications/service.ts';
import { postTransferCollected, postTransferRefunded, type TransferRecord } from './ledger-postings.ts';
import { transferNotice } from './notices.ts';
import { ownerOf } from './queries.ts';

export const TRANSFER_SEND_JOB = 'transfer.send';
export const TRANSFER_SWEEP_JOB = 'transfer.sweep';
export const TRANSFER_EXPIRE_JOB = 'transfer.expire';
export const PENDING_GRACE_SECONDS = 60;
export const STALE_PROCESSING_SECONDS = 5 * 60;
const SWEEP_EVERY_SECONDS = 60;
const EXPIRE_EVERY_SECONDS = 5 * 60;
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export type TransferJob = { transferId: number };
export type TransferJobDeps = { db: Db; network: MoneyTransferProvider };
export type TransferOutcome = 'sent' | 'failed' | 'skipped';

export const transferJobOptions = (transferId: number): SendOptions => ({
  singletonKey: `transfer:${transferId}`,
});

const referenceOf = (transfer: { id: number }) => `transfer:${transfer.id}`;

/** `transfer:12` → 12, or null for anything else (a callback about something not ours). */
export function transferIdOf(reference: string): number | null {
  const match = /^transfer:(\d{1,9})$/.exec(reference);
  return match ? Number(match[1]) : null;
}

async function notifyOwner(
  tx: DbOrTx,
  transfer: TransferRecord,
  event: Parameters<typeof transferNotice>[0],
): Promise<{ firstName: string; lastName: string }> {
  const owner = await ownerOf(tx, transfer.employeeId);
  if (owner)
    await notify(tx, {
      userId: owner.userId,
      companyId: transfer.companyId,
      ...transferNotice(event, transfer),
    });
  return { firstName: owner?.firstName ?? '', lastName: owner?.lastName ?? '' };
}

/**
 * Sends one transfer to the network; safe to call any number of times for the same id. Tests call
 * it to send synchronously. Throws when the network could not answer (the row is pending again).
 */
export async function sendTransfer(
  deps: TransferJobDeps,
  transferId: number,
  now: Date = new Date(),
): Promise<TransferOutcome> {
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_SECONDS * 1000);
  const [claimed] = await deps.db
    .update(transfers)
    .set({
      status: 'processing',
      processingAt: now,
      expiresAt: new Date(now.getTime() + TRANSFER_EXPIRY_DAYS * DAY_MS),
    })
    .where(
      and(
        eq(transfers.id, transferId),
        or(
          eq(transfers.status, 'pending'),
          and(eq(transfers.status, 'processing'), lt(transfers.processingAt, staleBefore)),
        ),
      ),
    )
    .returning();
  if (!claimed) return 'skipped';
  const sender = await ownerOf(deps.db, claimed.employeeId);

  let answer: Awaited<ReturnType<MoneyTransferProvider['send']>>;
  try {
    answer = await deps.network.send({
      reference: referenceOf(claimed),
      senderName: `${sender?.firstName ?? ''} ${sender?.lastName ?? ''}`.trim(),
      recipientName: claimed.recipientName,
      recipientPhone: claimed.recipientPhone,
      amountCentimes: claimed.amountCentimes,
      expiresAt: claimed.expiresAt!,
    });
  } catch (error) {
    await deps.db
      .update(transfers)
      .set({ status: 'pending', processingAt: null })
      .where(and(eq(transfers.id, claimed.id), eq(transfers.status, 'processing')));
    throw error;
  }

  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(transfers)
      .set(
        answer.status === 'sent'
          ? { status: 'sent', sentAt: now, providerReference: answer.providerReference }
          : { status: 'failed', failedAt: now, refundedAt: now, failureReason: answer.failureReason },
      )
      .where(and(eq(transfers.id, claimed.id), eq(transfers.status, 'processing')))
      .returning();
    if (!done) return 'skipped';
    if (done.status === 'sent') {
      await notifyOwner(tx, done, 'transfer_sent');
      return 'sent';
    }
    const who = await notifyOwner(tx, done, 'transfer_failed');
    await postTransferRefunded(tx, done, who);
    return 'failed';
  });
}

/**
 * The network says an agency paid the transfer out. Sent (or still processing: the code can be
 * used before our answer is recorded) → collected, and the payout posted. Repeats change nothing.
 */
export async function recordTransferCollected(db: Db, reference: string, collectedAt: Date) {
  const id = transferIdOf(reference);
  if (id === null) return null;
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(transfers)
      .set({ status: 'collected', collectedAt })
      .where(and(eq(transfers.id, id), inArray(transfers.status, ['sent', 'processing'])))
      .returning();
    if (!done) return null;
    if (!done.sentAt)
      await tx.update(transfers).set({ sentAt: collectedAt }).where(eq(transfers.id, done.id));
    const who = await notifyOwner(tx, done, 'transfer_collected');
    await postTransferCollected(tx, done, who);
    return done;
  });
}

/**
 * Ends a transfer with a refund: `from` its expected statuses to expired or canceled, the money
 * back to the balance (amount and fee). Null when the transfer was no longer in `from`.
 */
export async function refundTransfer(
  db: Db,
  transferId: number,
  to: 'expired' | 'canceled',
  from: Array<'pending' | 'sent'>,
  at: Date,
) {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(transfers)
      .set(
        to === 'canceled' ? { status: to, canceledAt: at, refundedAt: at } : { status: to, refundedAt: at },
      )
      .where(and(eq(transfers.id, transferId), inArray(transfers.status, from)))
      .returning();
    if (!done) return null;
    const who =
      to === 'expired'
        ? await notifyOwner(tx, done, 'transfer_expired')
        : await ownerOf(tx, done.employeeId).then((o) => ({
            firstName: o?.firstName ?? '',
            lastName: o?.lastName ?? '',
          }));
    await postTransferRefunded(tx, done, who);
    return done;
  });
}

/**
 * Cancels at the network, then records what it answered: canceled (or never received) → `to`
 * with a refund; collected first → collected. Throws when the network does not answer.
 */
export async function closeSentTransfer(
  deps: TransferJobDeps,
  transfer: TransferRecord,
  to: 'expired' | 'canceled',
  now: Date,
): Promise<'refunded' | 'collected' | 'skipped'> {
  const answer = await deps.network.cancel(referenceOf(transfer));
  if (answer.status === 'collected') {
    await recordTransferCollected(deps.db, referenceOf(transfer), answer.collectedAt);
    return 'collected';
  }
  return (await refundTransfer(deps.db, transfer.id, to, ['sent'], now)) ? 'refunded' : 'skipped';
}

/** Expires the sent transfers whose expiry has passed at `now` (tests give "now"). */
export async function expireTransfers(
  deps: TransferJobDeps & { log?: { error(o: unknown, m?: string): void } },
  now: Date = new Date(),
) {
  const due = await deps.db
    .select()
    .from(transfers)
    .where(and(eq(transfers.status, 'sent'), lte(transfers.expiresAt, now)))
    .orderBy(asc(transfers.expiresAt))
    .limit(BATCH);
  let expired = 0;
  for (const transfer of due) {
    try {
      if ((await closeSentTransfer(deps, transfer, 'expired', now)) === 'refunded') expired += 1;
    } catch (error) {
      // The network did not answer: the next run tries again.
      deps.log?.error({ err: error, transferId: transfer.id }, 'transfer not expired');
    }
  }
  return expired;
}

/** Re-sends the transfers whose job was lost: pending for over a minute, or processing for too long. */
export async function sweepTransfers(deps: { db: Db; jobs: JobQueue }, now: Date = new Date()) {
  const pendingBefore = new Date(now.getTime() - PENDING_GRACE_SECONDS * 1000);
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_SECONDS * 1000);
  const due = await deps.db
    .select({ id: transfers.id })
    .from(transfers)
    .where(
      or(
        and(eq(transfers.status, 'pending'), lt(transfers.createdAt, pendingBefore)),
        and(eq(transfers.status, 'processing'), lt(transfers.processingAt, staleBefore)),
      ),
    )
    .orderBy(asc(transfers.id))
    .limit(BATCH);
  for (const { id } of due)
    await deps.jobs.send(TRANSFER_SEND_JOB, { transferId: id }, transferJobOptions(id));
  return due.length;
}

/** Registers the worker, the sweeper, the expiry and the network's collection callback. */
export async function registerTransferJobs(
  deps: TransferJobDeps & { jobs: JobQueue; log: { error(o: unknown, m?: string): void } },
) {
  deps.network.onCollected(async ({ reference, collectedAt }) => {
    await recordTransferCollected(deps.db, reference, collectedAt);
  });
  await deps.jobs.work<TransferJob>(TRANSFER_SEND_JOB, async (data) => {
    await sendTransfer(deps, Number(data.transferId));
  });
  await deps.jobs.every(TRANSFER_SWEEP_JOB, SWEEP_EVERY_SECONDS, async () => {
    await sweepTransfers(deps);
  });
  await deps.jobs.every(TRANSFER_EXPIRE_JOB, EXPIRE_EVERY_SECONDS, async () => {
    await expireTransfers(deps);
  });
}
