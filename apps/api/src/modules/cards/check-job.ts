/**
 * The CIN check of an order, off the request thread (`card.cin-check {orderId}`): the stored
 * images are read by checkCinImages (OCR in worker threads, time-limited), the progress is written
 * on the order for the screen that polls, then the order is accepted — its card ordered from the
 * issuer — or refused with the spec's code (its images deleted at once).
 *
 * "Now" for the expiry rule is the order's creation time, not the clock: a check that runs late
 * (retry, sweeper) judges the CIN as of the moment the person ordered.
 * The sweeper re-sends the jobs of orders still under check (a crash, a restart of the in-process
 * queue); the singleton key keeps one queued job per order.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext, AppModule } from '../../context.ts';
import { cardOrders } from '../../db/schema/cards.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { checkCinImages } from './cin-check/check-cin-images.ts';
import { acceptCardOrder, recordCheckProgress, refuseCardOrder } from './order-service.ts';
import { findHolder } from './queries.ts';
import { submitCardToIssuer } from './service.ts';
import { sweepStuckCards } from './stuck-cards.ts';

export const CIN_CHECK_JOB = 'card.cin-check';
export const CIN_CHECK_SWEEP_JOB = 'card.cin-check-sweep';
/** An order under check for longer than this lost its job: send it again. */
const STALE_CHECK_SECONDS = 180;
/** Progress is written at most every this many points (0–1), so OCR does not flood the database. */
const PROGRESS_STEP = 0.05;
/** Where each step of the check sits on the order's progress bar. */
const STEP_SPAN = { front: [0.02, 0.55], back: [0.55, 0.95], checks: [0.95, 1] } as const;

export type CinCheckJob = { orderId: number };

export function sendCinCheck(jobs: JobQueue, orderId: number): Promise<void> {
  return jobs.send<CinCheckJob>(CIN_CHECK_JOB, { orderId }, { singletonKey: `card-order:${orderId}` });
}

/** Runs the check of one order to its end; safe to run again (an order no longer checking is left). */
export async function runCinCheck(
  ctx: AppContext,
  orderId: number,
): Promise<'accepted' | 'refused' | 'skipped'> {
  const [order] = await ctx.db.select().from(cardOrders).where(eq(cardOrders.id, orderId));
  if (order?.status === 'accepted' && order.cardId !== null) {
    // A retry after orderCard failed: the order was accepted, its card may still lack the
    // issuer's reference. submitCardToIssuer is a no-op when the card is already placed.
    await submitCardToIssuer({ db: ctx.db, issuer: ctx.payouts.card }, order.cardId);
    return 'accepted';
  }
  if (order?.status !== 'checking') return 'skipped';
  const holder = await findHolder(ctx.db, order.companyId, order.employeeId);
  if (!order.cinFrontKey || !order.cinBackKey || !holder) {
    await refuseCardOrder(ctx.db, ctx.storage, order.id, 'INVALID_FILES', null);
    return 'refused';
  }
  const [front, back] = await Promise.all([
    ctx.storage.get(order.cinFrontKey),
    ctx.storage.get(order.cinBackKey),
  ]);
  let written = 0;
  let pending: Promise<void> = Promise.resolve();
  const result = await checkCinImages({
    front,
    back,
    expectedCin: holder.cin ?? '',
    now: order.createdAt,
    expiryMarginDays: ctx.config.CIN_EXPIRY_MARGIN_DAYS,
    timeoutMs: ctx.config.CIN_CHECK_TIMEOUT_MS,
    onProgress: ({ step, fraction }) => {
      const [from, to] = STEP_SPAN[step];
      const progress = from + (to - from) * Math.min(1, Math.max(0, fraction));
      if (progress - written < PROGRESS_STEP) return;
      written = progress;
      // Writes go one after the other; a failed write only delays the bar.
      pending = pending.then(() => recordCheckProgress(ctx.db, order.id, step, progress)).catch(() => {});
    },
  });
  await pending;
  if (!result.ok) {
    await refuseCardOrder(ctx.db, ctx.storage, order.id, result.code, result.hint ?? null);
    return 'refused';
  }
  const accepted = await acceptCardOrder(ctx.db, order.id, result.reading);
  if (!accepted) return 'skipped';
  // The issuer is asked after the commit; a failure here is retried by the job (the card waits
  // `ordered` without a reference until then).
  await submitCardToIssuer({ db: ctx.db, issuer: ctx.payouts.card }, accepted.card.id);
  return 'accepted';
}

/** Re-sends the checks of orders stuck under check (accepted cards not placed: stuck-cards.ts). */
export async function sweepCinChecks(ctx: AppContext): Promise<number> {
  const stale = await ctx.db
    .select({ id: cardOrders.id })
    .from(cardOrders)
    .where(
      and(
        eq(cardOrders.status, 'checking'),
        lt(cardOrders.createdAt, sql`now() - make_interval(secs => ${STALE_CHECK_SECONDS})`),
      ),
    )
    .limit(200);
  for (const { id } of stale) await sendCinCheck(ctx.jobs, id);
  return stale.length;
}

export const cinCheckJobs: AppModule = async (app, ctx) => {
  // One check at a time per process: the OCR pool is sized for the machine, and the order screens
  // poll; more parallel checks would only slow the hot requests down.
  await ctx.jobs.work<CinCheckJob>(
    CIN_CHECK_JOB,
    async ({ orderId }) => {
      await runCinCheck(ctx, orderId);
    },
    { retryLimit: 3, retryDelaySeconds: 10 },
  );
  await ctx.jobs.every(CIN_CHECK_SWEEP_JOB, 60, async () => {
    await sweepCinChecks(ctx);
    const swept = await sweepStuckCards(
      {
        db: ctx.db,
        issuer: ctx.payouts.card,
        onError: (cardId, error) =>
          app.log.warn({ err: error, cardId }, 'card still not placed with the issuer'),
      },
      new Date(),
    );
    if (swept.canceled > 0) app.log.warn(swept, 'cards never placed with the issuer were canceled');
  });
};
