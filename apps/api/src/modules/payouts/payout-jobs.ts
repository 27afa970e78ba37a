/**
 * The payout worker and its sweeper, registered on ctx.jobs (pg-boss on PostgreSQL, in-process on
 * PGlite). Jobs carry the advance id only; the handler re-reads the row.
 *
 * The sweeper (every PAYOUT_SWEEP_INTERVAL_SECONDS) covers what a crash can lose: a pending
 * advance whose job was never sent (crash between the commit and the send) or is gone (in-process
 * queue restarted), and a `processing` advance whose worker died during the provider call. It
 * re-sends their jobs; the singleton key `advance:ID` keeps one queued job per advance.
 */
import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { AppContext, AppModule } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { advances } from '../../db/schema/money.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { type PayoutDeps, runAdvancePayout } from './advance-payout.ts';

export const ADVANCE_PAYOUT_JOB = 'advance.payout';
export const ADVANCE_PAYOUT_SWEEP_JOB = 'advance.payout-sweep';
/** A processing advance older than this has lost its worker: resume it (ask the provider). */
export const STALE_PROCESSING_SECONDS = 120;
const SWEEP_BATCH = 500;

export type AdvancePayoutJob = { advanceId: number };

/** RIB payouts wait PAYOUT_RIB_DELAY_SECONDS (300 s by default, 0 in tests). */
export function ribDelaySeconds(config: AppContext['config']): number {
  return config.PAYOUT_RIB_DELAY_SECONDS ?? (config.NODE_ENV === 'test' ? 0 : 300);
}

/** Queues the payout of one advance (after the commit that created it). */
export function sendAdvancePayout(jobs: JobQueue, advanceId: number, startAfterSeconds = 0): Promise<void> {
  return jobs.send<AdvancePayoutJob>(
    ADVANCE_PAYOUT_JOB,
    { advanceId },
    { startAfterSeconds, singletonKey: `advance:${advanceId}` },
  );
}

/** Re-sends the jobs of due pending advances and of stale processing ones; returns how many. */
export async function sweepAdvancePayouts(db: Db, jobs: JobQueue): Promise<number> {
  // Due pending advances: the partial index advances_pending_idx (payout_after where pending).
  const due = await db
    .select({ id: advances.id })
    .from(advances)
    .where(and(eq(advances.status, 'pending'), lte(advances.payoutAfter, sql`now()`)))
    .orderBy(asc(advances.payoutAfter))
    .limit(SWEEP_BATCH);
  const stale = await db
    .select({ id: advances.id })
    .from(advances)
    .where(
      and(
        eq(advances.status, 'processing'),
        lt(advances.processingAt, sql`now() - make_interval(secs => ${STALE_PROCESSING_SECONDS})`),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const { id } of [...due, ...stale]) await sendAdvancePayout(jobs, id);
  return due.length + stale.length;
}

/** Registers the payout worker and the sweeper (no routes). */
export const payoutJobs: AppModule = async (_app, ctx) => {
  const deps: PayoutDeps = { db: ctx.db, bank: ctx.payouts.bank, card: ctx.payouts.card };
  await ctx.jobs.work<AdvancePayoutJob>(
    ADVANCE_PAYOUT_JOB,
    async ({ advanceId }) => {
      await runAdvancePayout(deps, advanceId);
    },
    { retryLimit: 5, retryDelaySeconds: 5 },
  );
  await ctx.jobs.every(ADVANCE_PAYOUT_SWEEP_JOB, ctx.config.PAYOUT_SWEEP_INTERVAL_SECONDS, async () => {
    await sweepAdvancePayouts(ctx.db, ctx.jobs);
  });
};
