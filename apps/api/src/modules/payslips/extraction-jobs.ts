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
import { closeJob, type ExtractionDeps, type OpenJobs, runExtractionStep } from './extraction-step.ts';

export const PAYSLIP_EXTRACT_JOB = 'payslips.extract';
export const PAYSLIP_SWEEP_JOB = 'payslips.extract-sweep';
export const PAYSLIP_SWEEP_SECONDS = 30;
export const PAYSLIP_STALE_SECONDS = 120;
/** How long one handler runs steps back to back before handing the rest to the queue. */
export const PAYSLIP_HANDLER_BUDGET_MS = 20_000;
/**
 * Failures of one step (same resume point) before the job is given up as `failed`: the queue's
 * retries and the sweeps would otherwise send a step that fails for a lasting reason for ever.
 */
export const PAYSLIP_STEP_MAX_ATTEMPTS = 5;

/** The job's `error` when a step failed PAYSLIP_STEP_MAX_ATTEMPTS times (French, for HR). */
export function stepFailedMessage(fromPage: number, pagesTotal: number): string {
  const where =
    fromPage >= pagesTotal
      ? `à la page ${pagesTotal} : son traitement`
      : `aux pages ${fromPage} à ${pagesTotal} : leur traitement`;
  return (
    `L'extraction s'est arrêtée ${where} a échoué ${PAYSLIP_STEP_MAX_ATTEMPTS} fois de suite. ` +
    'Les fiches déjà trouvées restent disponibles ; importez à nouveau le fichier, ou seulement ces pages, ' +
    'et contactez le support si le problème persiste.'
  );
}

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

/**
 * Counts a failure of the step starting at `from` (only while the job is still there): at the
 * PAYSLIP_STEP_MAX_ATTEMPTS-th the job becomes `failed` with its French error. Returns whether it
 * was given up; when not, the caller lets the queue retry.
 */
export async function recordStepFailure(db: AppContext['db'], jobId: number, from: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(payslipJobs)
      .where(
        and(
          eq(payslipJobs.id, jobId),
          eq(payslipJobs.status, 'in_progress'),
          eq(payslipJobs.pagesRead, from),
        ),
      )
      .for('update');
    // Finished, failed or moved on meanwhile (another worker saved the step): nothing to count.
    if (!job) return false;
    const attempts = job.stepAttempts + 1;
    const givenUp = attempts >= PAYSLIP_STEP_MAX_ATTEMPTS;
    await tx
      .update(payslipJobs)
      .set({
        stepAttempts: attempts,
        updatedAt: sql`now()`,
        ...(givenUp
          ? {
              status: 'failed',
              error: stepFailedMessage(from + 1, job.pagesTotal),
              finishedAt: sql`now()`,
            }
          : {}),
      })
      .where(eq(payslipJobs.id, jobId));
    return givenUp;
  });
}

export type ExtractionHandlerOptions = {
  /** True once the app starts closing: the step under way finishes, no other starts. */
  closing: () => boolean;
  budgetMs: number;
  /** Hands the rest of the job to the queue. */
  sendNext: (jobId: number, from: number) => Promise<void>;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
};

/**
 * One queue message: steps back to back for a while (a queue round trip per step costs up to
 * pg-boss's polling interval), then the rest goes back to the queue so other jobs get a turn. A
 * step that throws is counted: below the limit the error goes to the queue (which retries), at the
 * limit the job is `failed` and the message ends normally.
 */
export async function handleExtraction(
  deps: ExtractionDeps,
  open: OpenJobs,
  jobId: number,
  options: ExtractionHandlerOptions,
): Promise<void> {
  const until = performance.now() + options.budgetMs;
  for (;;) {
    let result: Awaited<ReturnType<typeof runExtractionStep>>;
    let from: number | null = null;
    try {
      result = await runExtractionStep(deps, open, jobId, (cursor) => {
        from = cursor;
      });
    } catch (error) {
      if (from === null) throw error;
      if (!(await recordStepFailure(deps.db, jobId, from))) throw error;
      options.log.warn({ err: error, jobId, from }, 'payslip extraction given up');
      await closeJob(open, jobId);
      return;
    }
    if (result.status !== 'more') return;
    if (!options.closing() && performance.now() < until) continue;
    try {
      await options.sendNext(jobId, result.pagesRead);
    } catch (error) {
      // The queue is stopping: the step is saved, the next start resumes from it.
      options.log.info({ err: error, jobId }, 'payslip extraction paused');
    }
    return;
  }
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
    ({ jobId }) =>
      handleExtraction(deps, open, jobId, {
        closing: () => closing,
        budgetMs: PAYSLIP_HANDLER_BUDGET_MS,
        sendNext: (id, from) => sendExtractionStep(ctx.jobs, id, from),
        log: app.log,
      }),
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
