/**
 * The bonus jobs, registered on ctx.jobs (pg-boss on PostgreSQL, in-process on PGlite):
 * - `bonus.payout {bonusId}`: pays a confirmed bonus's beneficiaries (payout.ts), one job per
 *   bonus (singleton key `bonus:ID`), retried with back-off when a provider did not answer;
 * - `bonus.payout-sweep` (every PAYOUT_SWEEP_INTERVAL_SECONDS): re-sends the job of bonuses with
 *   lines still to pay (a job lost between the reply's commit and the send) or stuck processing;
 * - `bonus.recurrence` (every BONUS_RECURRENCE_INTERVAL_SECONDS): the next occurrences
 *   (recurrence.ts), queued once at a time across processes, and idempotent anyway.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppModule } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { bonusPayments } from '../../db/schema/bonuses.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { STALE_PROCESSING_SECONDS } from '../payouts/payout-jobs.ts';
import { runBonusPayout } from './payout.ts';
import { runBonusRecurrences } from './recurrence.ts';

export const BONUS_PAYOUT_JOB = 'bonus.payout';
export const BONUS_PAYOUT_SWEEP_JOB = 'bonus.payout-sweep';
export const BONUS_RECURRENCE_JOB = 'bonus.recurrence';

export type BonusPayoutJob = { bonusId: number };

export function sendBonusPayout(jobs: JobQueue, bonusId: number): Promise<void> {
  return jobs.send<BonusPayoutJob>(BONUS_PAYOUT_JOB, { bonusId }, { singletonKey: `bonus:${bonusId}` });
}

/** Re-sends the payout job of every bonus with confirmed lines or stale processing ones. */
export async function sweepBonusPayouts(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await db
    .selectDistinct({ bonusId: bonusPayments.bonusId })
    .from(bonusPayments)
    .where(
      or(
        eq(bonusPayments.status, 'confirmed'),
        and(
          eq(bonusPayments.status, 'processing'),
          lt(bonusPayments.processingAt, sql`now() - make_interval(secs => ${STALE_PROCESSING_SECONDS})`),
        ),
      ),
    )
    .limit(500);
  for (const { bonusId } of rows) await sendBonusPayout(jobs, bonusId);
  return rows.length;
}

export const bonusJobs: AppModule = async (_app, ctx) => {
  const deps: PayoutDeps = { db: ctx.db, bank: ctx.payouts.bank, card: ctx.payouts.card };
  await ctx.jobs.work<BonusPayoutJob>(
    BONUS_PAYOUT_JOB,
    async ({ bonusId }) => {
      await runBonusPayout(deps, bonusId);
    },
    { retryLimit: 5, retryDelaySeconds: 5 },
  );
  await ctx.jobs.every(BONUS_PAYOUT_SWEEP_JOB, ctx.config.PAYOUT_SWEEP_INTERVAL_SECONDS, async () => {
    await sweepBonusPayouts(ctx.db, ctx.jobs);
  });
  await ctx.jobs.every(BONUS_RECURRENCE_JOB, ctx.config.BONUS_RECURRENCE_INTERVAL_SECONDS, async () => {
    await runBonusRecurrences(ctx.db);
  });
};
