/**
 * The JobQueue on PostgreSQL through pg-boss 12 (ARCHITECTURE "Stack"): jobs live in the
 * database (schema `pgboss`, created and migrated by pg-boss itself at start), so they survive a
 * restart and any number of API processes share them.
 *
 * Mapping of our interface onto pg-boss:
 * - every queue is created with the `short` policy: at most one *queued* (state `created`) job per
 *   singleton key, which is our "later sends with the same key are dropped". A send without a key
 *   gets a random one, so it is never deduplicated.
 * - retries (`work` options) are queue settings: retryLimit, retryDelay, exponential back-off.
 * - `every` is a periodic send (pg-boss cron schedules have a one-minute resolution) of a job with
 *   a fixed singleton key, throttled to one job per period's time slot: with N processes, it runs
 *   once a period, on one worker.
 * - queues are created before any send or work (pg-boss refuses unknown queues).
 */
import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { JobHandler, JobQueue, SendOptions, WorkOptions } from './job-queue.ts';

type Logger = { error(obj: unknown, msg?: string): void; warn?(obj: unknown, msg?: string): void };

export type PgBossQueueOptions = {
  connectionString: string;
  /** How often an idle worker polls for jobs (pg-boss minimum 0.5 s). */
  pollingIntervalSeconds?: number;
  schema?: string;
  logger?: Logger;
};

const DEFAULT_RETRY = { retryLimit: 3, retryDelaySeconds: 2 };

export function createPgBossQueue(options: PgBossQueueOptions): JobQueue & { boss: PgBoss } {
  const logger = options.logger ?? console;
  // pg-boss 12 cannot migrate the schema pg-boss 10 made (its migrations start at v11's schema): it
  // installs a fresh one beside it. Jobs left in the old `pgboss` schema are not lost: the payout
  // and top-up sweepers re-send what is due (decision 021).
  const schema = options.schema ?? 'pgboss_v12';
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema,
    max: 4,
    // Our periodic jobs are sends (see `every`); no cron schedules to watch.
    schedule: false,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'pg-boss error'));

  const workers = new Map<string, { handler: JobHandler<object>; options: Required<WorkOptions> }>();
  const periodic: Array<{ name: string; everySeconds: number; handler: () => Promise<void> }> = [];
  const queues = new Map<string, Promise<void>>();
  const intervals = new Set<NodeJS.Timeout>();
  let booting: Promise<void> | null = null;
  let started = false;
  let stopped = false;

  function boot(): Promise<void> {
    booting ??= boss.start().then(() => undefined);
    return booting;
  }

  function retryOptions(name: string) {
    const retry = workers.get(name)?.options ?? DEFAULT_RETRY;
    return { retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: true };
  }

  /** Creates the queue once per process (idempotent in the database: on conflict do nothing). */
  function ensureQueue(name: string): Promise<void> {
    let ready = queues.get(name);
    if (!ready) {
      ready = (async () => {
        await boot();
        await boss.createQueue(name, { policy: 'short', ...retryOptions(name) });
        // An existing queue keeps its old settings: align the retry options with this code.
        if (workers.has(name)) await boss.updateQueue(name, retryOptions(name));
      })();
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  }

  async function sendJob(name: string, data: object, sendOptions: SendOptions = {}) {
    await ensureQueue(name);
    await boss.send(name, data, {
      singletonKey: sendOptions.singletonKey ?? randomUUID(),
      startAfter:
        sendOptions.startAfterSeconds && sendOptions.startAfterSeconds > 0
          ? sendOptions.startAfterSeconds
          : undefined,
    });
  }

  async function startWorker(name: string) {
    const worker = workers.get(name)!;
    await ensureQueue(name);
    await boss.work<object>(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
      // batchSize 1: one job per call; a throw marks it failed and pg-boss retries it.
      for (const job of jobs) await worker.handler(job.data ?? {});
    });
  }

  function startPeriodic(job: (typeof periodic)[number]) {
    const tick = () => {
      if (stopped) return;
      // Every process ticks; `singletonSeconds` makes the database keep one job per time slot
      // of the period (unique index on name, slot and key), so N processes run it once a period,
      // not N times (issue 9 §5). The `short` policy alone only refused a second *queued* run.
      ensureQueue(job.name)
        .then(() => boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: job.everySeconds }))
        .catch((error) => logger.error({ err: error, job: job.name }, 'periodic job could not be queued'));
    };
    const interval = setInterval(tick, job.everySeconds * 1000);
    interval.unref();
    intervals.add(interval);
  }

  return {
    kind: 'pg-boss',
    boss,
    async send(name, data, sendOptions) {
      if (stopped) throw new Error('The job queue is stopped.');
      await sendJob(name, data, sendOptions);
    },
    async work(name, handler, workOptions = {}) {
      workers.set(name, {
        handler: handler as JobHandler<object>,
        options: {
          retryLimit: workOptions.retryLimit ?? DEFAULT_RETRY.retryLimit,
          retryDelaySeconds: workOptions.retryDelaySeconds ?? DEFAULT_RETRY.retryDelaySeconds,
        },
      });
      if (started) await startWorker(name);
    },
    async every(name, everySeconds, handler) {
      const job = { name, everySeconds, handler };
      periodic.push(job);
      // The periodic job is an ordinary queue whose worker runs the handler (no retries: the next
      // tick is the retry).
      workers.set(name, { handler: () => handler(), options: { retryLimit: 0, retryDelaySeconds: 1 } });
      if (started) {
        await startWorker(name);
        startPeriodic(job);
      }
    },
    async start() {
      if (started) return;
      started = true;
      await boot();
      for (const name of workers.keys()) await startWorker(name);
      for (const job of periodic) startPeriodic(job);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const interval of intervals) clearInterval(interval);
      intervals.clear();
      if (booting) {
        await booting.catch(() => undefined);
        // pg-boss 12's stop() resolves once the workers have finished (graceful) or the timeout passed.
        await boss.stop({ graceful: true, timeout: 10_000 });
      }
    },
    async drain() {
      const names = [...workers.keys()];
      if (names.length === 0 || !booting) return;
      await booting;
      // Due (created or retry, start_after passed) or running jobs of our queues.
      for (;;) {
        const { rows } = await boss
          .getDb()
          .executeSql(
            `select count(*)::int as n from ${schema}.job where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
            [names],
          );
        if (Number(rows[0]?.n ?? 0) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
