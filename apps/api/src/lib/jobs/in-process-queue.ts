/**
 * The in-process job runner used with PGlite (one process, one connection: pg-boss cannot run on
 * it). Same contract as pg-boss for our purposes: delayed start, singleton keys, retries with
 * exponential back-off, periodic jobs, graceful stop. Jobs live in memory, so a restart loses the
 * queued ones; every feature's sweeper (`every`) re-sends what is still due from the database.
 */
import type { JobHandler, JobQueue, SendOptions, WorkOptions } from './job-queue.ts';

type Worker = { handler: JobHandler<object>; options: Required<WorkOptions> };
type Logger = { error(obj: unknown, msg?: string): void };

export function createInProcessQueue(logger: Logger = console): JobQueue {
  const workers = new Map<string, Worker>();
  const waiting = new Map<string, object[]>();
  const singletons = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const intervals = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const periodic: Array<{ name: string; everySeconds: number; handler: () => Promise<void> }> = [];
  let started = false;
  let stopped = false;

  function track(promise: Promise<void>) {
    running.add(promise);
    void promise.finally(() => running.delete(promise));
  }

  function later(ms: number, fn: () => void) {
    if (ms <= 0) {
      track(Promise.resolve().then(fn));
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  async function attempt(
    name: string,
    data: object,
    attemptNo: number,
    singletonKey?: string,
  ): Promise<void> {
    if (stopped) return;
    const worker = workers.get(name);
    if (!worker) {
      const list = waiting.get(name) ?? [];
      list.push(data);
      waiting.set(name, list);
      return;
    }
    try {
      await worker.handler(data);
      if (singletonKey) singletons.delete(singletonKey);
    } catch (error) {
      if (attemptNo >= worker.options.retryLimit) {
        if (singletonKey) singletons.delete(singletonKey);
        logger.error({ err: error, job: name, data }, 'job failed after its last retry');
        return;
      }
      const delay = worker.options.retryDelaySeconds * 1000 * 2 ** attemptNo;
      later(delay, () => track(attempt(name, data, attemptNo + 1, singletonKey)));
    }
  }

  function dispatch(name: string, data: object, options: SendOptions = {}) {
    if (options.singletonKey) {
      const key = `${name}:${options.singletonKey}`;
      if (singletons.has(key)) return;
      singletons.add(key);
      later((options.startAfterSeconds ?? 0) * 1000, () => track(attempt(name, data, 0, key)));
      return;
    }
    later((options.startAfterSeconds ?? 0) * 1000, () => track(attempt(name, data, 0)));
  }

  function startPeriodic(job: (typeof periodic)[number]) {
    let busy = false;
    const interval = setInterval(() => {
      if (busy || stopped) return;
      busy = true;
      track(
        job
          .handler()
          .catch((error) => logger.error({ err: error, job: job.name }, 'periodic job failed'))
          .finally(() => {
            busy = false;
          }),
      );
    }, job.everySeconds * 1000);
    interval.unref();
    intervals.add(interval);
  }

  return {
    kind: 'in-process',
    async send(name, data, options) {
      if (stopped) throw new Error('The job queue is stopped.');
      dispatch(name, data, options);
    },
    async work(name, handler, options = {}) {
      workers.set(name, {
        handler: handler as JobHandler<object>,
        options: { retryLimit: options.retryLimit ?? 3, retryDelaySeconds: options.retryDelaySeconds ?? 2 },
      });
      const queued = waiting.get(name) ?? [];
      waiting.delete(name);
      for (const data of queued) dispatch(name, data);
    },
    async every(name, everySeconds, handler) {
      const job = { name, everySeconds, handler };
      periodic.push(job);
      if (started) startPeriodic(job);
    },
    async start() {
      if (started) return;
      started = true;
      for (const job of periodic) startPeriodic(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const interval of intervals) clearInterval(interval);
      timers.clear();
      intervals.clear();
      await Promise.allSettled([...running]);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
