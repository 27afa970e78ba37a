import type { Config } from '../../config.ts';
import { createInProcessQueue } from './in-process-queue.ts';
import type { JobQueue } from './job-queue.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';

type Logger = { error(obj: unknown, msg?: string): void };

/** Which job driver a configuration runs: JOBS_DRIVER, where `auto` is pg-boss on PostgreSQL outside tests. */
export function jobsDriverOf(config: Pick<Config, 'JOBS_DRIVER' | 'DATABASE_URL' | 'NODE_ENV'>) {
  if (config.JOBS_DRIVER === 'pg-boss') {
    if (!config.DATABASE_URL) throw new Error('JOBS_DRIVER=pg-boss needs DATABASE_URL (PostgreSQL).');
    return 'pg-boss' as const;
  }
  if (config.JOBS_DRIVER === 'in-process') return 'in-process' as const;
  // auto: PGlite has one connection and cannot host pg-boss; tests stay in-process for speed.
  return config.DATABASE_URL && config.NODE_ENV !== 'test' ? ('pg-boss' as const) : ('in-process' as const);
}

/** The app's job queue (ctx.jobs) for this configuration. */
export function createJobQueue(
  config: Pick<Config, 'JOBS_DRIVER' | 'DATABASE_URL' | 'NODE_ENV'>,
  logger: Logger,
): JobQueue {
  if (jobsDriverOf(config) === 'pg-boss') {
    return createPgBossQueue({
      connectionString: config.DATABASE_URL!,
      logger,
      pollingIntervalSeconds: config.NODE_ENV === 'test' ? 0.5 : 1,
    });
  }
  return createInProcessQueue(logger);
}
