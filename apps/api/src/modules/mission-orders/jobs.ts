/**
 * The mission-order jobs, registered on ctx.jobs (pg-boss on PostgreSQL, in-process on PGlite):
 * - `mission-order.advance-payout {orderId}`: pays an approved order's advance (payout.ts), one
 *   queued job per order (singleton key), retried with back-off when a provider did not answer;
 * - `mission-order.advance-sweep` (every PAYOUT_SWEEP_INTERVAL_SECONDS): re-sends the job of
 *   advances confirmed but not sent (crash between commit and send) or stuck processing;
 * - `mission-order.reminders` (hourly): the day's reminders of overdue orders (reminders.ts),
 *   once a day per order whatever the number of runs or processes.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppModule } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { missionOrders } from '../../db/schema/mission-orders.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PayoutDeps } from '../payouts/advance-payout.ts';
import { STALE_PROCESSING_SECONDS } from '../payouts/payout-jobs.ts';
import { runMissionAdvancePayout } from './payout.ts';
import { runMissionOrderReminders } from './reminders.ts';

export const MISSION_ADVANCE_PAYOUT_JOB = 'mission-order.advance-payout';
export const MISSION_ADVANCE_SWEEP_JOB = 'mission-order.advance-sweep';
export const MISSION_REMINDERS_JOB = 'mission-order.reminders';
const REMINDERS_EVERY_SECONDS = 3600;

export type MissionAdvancePayoutJob = { orderId: number };

export function sendMissionAdvancePayout(jobs: JobQueue, orderId: number): Promise<void> {
  return jobs.send<MissionAdvancePayoutJob>(
    MISSION_ADVANCE_PAYOUT_JOB,
    { orderId },
    { singletonKey: `mission-order:${orderId}` },
  );
}

export async function sweepMissionAdvances(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await db
    .select({ id: missionOrders.id })
    .from(missionOrders)
    .where(
      or(
        eq(missionOrders.advanceStatus, 'confirmed'),
        and(
          eq(missionOrders.advanceStatus, 'processing'),
          lt(missionOrders.processingAt, sql`now() - make_interval(secs => ${STALE_PROCESSING_SECONDS})`),
        ),
      ),
    )
    .limit(500);
  for (const { id } of rows) await sendMissionAdvancePayout(jobs, id);
  return rows.length;
}

export const missionOrderJobs: AppModule = async (app, ctx) => {
  const deps: PayoutDeps = { db: ctx.db, bank: ctx.payouts.bank, card: ctx.payouts.card };
  await ctx.jobs.work<MissionAdvancePayoutJob>(
    MISSION_ADVANCE_PAYOUT_JOB,
    async ({ orderId }) => {
      await runMissionAdvancePayout(deps, orderId);
    },
    { retryLimit: 5, retryDelaySeconds: 5 },
  );
  await ctx.jobs.every(MISSION_ADVANCE_SWEEP_JOB, ctx.config.PAYOUT_SWEEP_INTERVAL_SECONDS, async () => {
    await sweepMissionAdvances(ctx.db, ctx.jobs);
  });
  await ctx.jobs.every(MISSION_REMINDERS_JOB, REMINDERS_EVERY_SECONDS, async () => {
    await runMissionOrderReminders({
      db: ctx.db,
      email: ctx.email,
      publicUrl: ctx.config.PUBLIC_URL,
      logError: (error, context) =>
        app.log.error({ err: error, ...context }, 'mission-order reminder e-mail failed'),
    });
  });
};
