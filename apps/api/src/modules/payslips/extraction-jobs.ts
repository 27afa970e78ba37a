/**
 * The extraction worker on ctx.jobs (pg-boss on PostgreSQL, in-process on PGlite). A job message
 * carries the job id and its resume point; progress is saved step by step, steps run back to back
 * for a while and then the next one is sent to the queue. What a stop or a crash loses is found again from the database: at start every job
 * still `in_progress` is sent again, and every PAYSLIP_SWEEP_SECONDS those that have not moved for
 * PAYSLIP_STALE_SECONDS (their worker died) are.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext, AppModule } from '../../context.ts';
import { payslipJobs } from '../../db/schema/payslips.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { closeJob, type OpenJobs, runExtractionStep } from './extraction-step.ts';

export const PAYSLIP_EXTRACT_JOB = 'payslips.extract';
export const PAYSLIP_SWEEP_JOB = 'payslips.extract-sweep';
export const PAYSLIP_SWEEP_SECONDS = 30;
export const PAYSLIP_STALE_SECONDS = 120;
/** How long one handler runs steps back to back before handing the rest to the queue. */
export const PAYSLIP_HANDLER_BUDGET_MS = 20_000;

export type PayslipExtractJob = { jobId: number; from: number };

export function sendExtractionStep(jobs: JobQueue, jobId: number, from: number): Promise<void> {
  // The resume point is in the key: the next step is a new message, a repeat of this one is dropped.
  return jobs.send<PayslipExtractJob>(
    PAYSLIP_EXTRACT_JOB,
    { jobId, from },
    { singletonKey: `payslip-job:${jobId}:${from}` },
  );
}

/** Sends again the jobs in progress (all of them at start, the stale ones later); returns how many. */
export async function resumeExtractions(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  options: { staleOnly: boolean },
): Promise<number> {
  const rows = await ctx.db
    .select({ id: payslipJobs.id, pagesRead: payslipJobs.pagesRead })
    .from(payslipJobs)
    .where(
      and(
        eq(payslipJobs.status, 'in_progress'),
        options.staleOnly
          ? lt(payslipJobs.updatedAt, sql`now() - make_interval(secs => ${PAYSLIP_STALE_SECONDS})`)
          : undefined,
      ),
    )
    .limit(100);
  for (const row of rows) await sendExtractionStep(ctx.jobs, row.id, row.pagesRead);
  return rows.length;
}

export const payslipExtractionJobs: AppModule = async (app, ctx) => {
  const open: OpenJobs = new Map();
  const deps = { db: ctx.db, storage: ctx.storage, chunkPages: ctx.config.PAYSLIP_CHUNK_PAGES };
  // Set when the app starts closing: the step under way finishes and saves, no new one starts here.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  await ctx.jobs.work<PayslipExtractJob>(
    PAYSLIP_EXTRACT_JOB,
    async ({ jobId }) => {
      // Steps follow each other in this handler for a while (a queue round trip per step costs up
      // to pg-boss's polling interval), then the rest goes back to the queue so other jobs get a turn.
      const until = performance.now() + PAYSLIP_HANDLER_BUDGET_MS;
      for (;;) {
        const result = await runExtractionStep(deps, open, jobId);
        if (result.status !== 'more') return;
        if (!closing && performance.now() < until) continue;
        try {
          await sendExtractionStep(ctx.jobs, jobId, result.pagesRead);
        } catch (error) {
          // The queue is stopping: the step is saved, the next start resumes from it.
          app.log.info({ err: error, jobId }, 'payslip extraction paused');
        }
        return;
      }
    },
    { retryLimit: 3, retryDelaySeconds: 2 },
  );
  await ctx.jobs.every(PAYSLIP_SWEEP_JOB, PAYSLIP_SWEEP_SECONDS, async () => {
    await resumeExtractions(ctx, { staleOnly: true });
  });
  app.addHook('onReady', async () => {
    await resumeExtractions(ctx, { staleOnly: false });
  });
  app.addHook('onClose', async () => {
    for (const jobId of [...open.keys()]) await closeJob(open, jobId);
  });
};
