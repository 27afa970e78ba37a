/**
 * The settlement payout jobs (issue 15; decision 047), registered on ctx.jobs like the mission
 * advance's (mission-orders/jobs.ts):
 * - `expense-settlement.payout {settlementId}`: pays a positive balance (settlement.ts), one queued
 *   job per settlement (singleton key), retried with back-off when a provider did not answer;
 * - `expense-settlement.payout-sweep` (every PAYOUT_SWEEP_INTERVAL_SECONDS): re-sends the job of
 *   settlements confirmed but never sent (crash between commit and send) or stuck processing.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppModule } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { expenseSettlements } from '../../db/schema/expenses.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { STALE_PROCESSING_SECONDS } from '../payouts/payout-jobs.ts';
import { runSettlementPayout } from './settlement.ts';

export const SETTLEMENT_PAYOUT_JOB = 'expense-settlement.payout';
export const SETTLEMENT_SWEEP_JOB = 'expense-settlement.payout-sweep';

export type SettlementPayoutJob = { settlementId: number };

export function sendSettlementPayout(jobs: JobQueue, settlementId: number): Promise<void> {
  return jobs.send<SettlementPayoutJob>(
    SETTLEMENT_PAYOUT_JOB,
    { settlementId },
    { singletonKey: `expense-settlement:${settlementId}` },
  );
}

export async function sweepSettlementPayouts(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await db
    .select({ id: expenseSettlements.id })
    .from(expenseSettlements)
    .where(
      or(
        eq(expenseSettlements.payoutStatus, 'confirmed'),
        and(
          eq(expenseSettlements.payoutStatus, 'processing'),
          lt(
            expenseSettlements.processingAt,
            sql`now() - make_interval(secs => ${STALE_PROCESSING_SECONDS})`,
          ),
        ),
      ),
    )
    .limit(500);
  for (const { id } of rows) await sendSettlementPayout(jobs, id);
  return rows.length;
}

export const expenseSettlementJobs: AppModule = async (_app, ctx) => {
  const deps: PayoutDeps = { db: ctx.db, bank: ctx.payouts.bank, card: ctx.payouts.card };
  await ctx.jobs.work<SettlementPayoutJob>(
    SETTLEMENT_PAYOUT_JOB,
    async ({ settlementId }) => {
      await runSettlementPayout(deps, settlementId);
    },
    { retryLimit: 5, retryDelaySeconds: 5 },
  );
  await ctx.jobs.every(SETTLEMENT_SWEEP_JOB, ctx.config.PAYOUT_SWEEP_INTERVAL_SECONDS, async () => {
    await sweepSettlementPayouts(ctx.db, ctx.jobs);
  });
};
