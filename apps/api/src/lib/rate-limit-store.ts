import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Database, Db } from '../db/client.ts';

type Logger = { error(obj: unknown, msg?: string): void };
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteOptions = { routeInfo: { method: string; url: string } };

/** Expired counters are deleted by one in this many increments (the table stays small). */
const PRUNE_EVERY = 500;

/**
 * A @fastify/rate-limit store on PostgreSQL (table rate_limit_counters): one atomic upsert per
 * counted request, so every API process counts against the same window. The counter of a key
 * starts at 1 with a window of `timeWindow` ms and grows until `reset_at` has passed; then the
 * next request starts a new window (the plugin's fixed-window rule, as its own stores do).
 */
export function createDatabaseRateLimitStore(db: Db, log: Logger) {
  let increments = 0;
  const prune = () => {
    db.execute(sql`delete from rate_limit_counters where reset_at < now()`).catch((error) =>
      log.error({ err: error }, 'rate-limit counters could not be pruned'),
    );
  };

  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'rate-limit-') {
      this.prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, _max: number) {
      increments += 1;
      if (increments % PRUNE_EVERY === 0) prune();
      db.execute<{ count: number; ttl: number }>(sql`
        insert into rate_limit_counters as c (key, count, reset_at)
        values (${this.prefix + key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when c.reset_at <= now() then 1 else c.count + 1 end,
          reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
        returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`)
        .then((result) => {
          const row = result.rows[0]!;
          callback(null, { current: Number(row.count), ttl: Number(row.ttl) });
        })
        .catch((error: Error) => callback(error));
    }

    /** A route's own limit gets its own counters, as the plugin's stores do. */
    child(routeOptions: RouteOptions) {
      return new DatabaseRateLimitStore(
        undefined,
        `${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`,
      );
    }
  };
}

/**
 * Where the per-IP limits count (issue 9 §5): Redis when REDIS_URL is set (the plugin's own Redis
 * store, shared by every process), else PostgreSQL's rate_limit_counters, else — one process on
 * PGlite — the plugin's in-memory store. Returns the plugin options and what to close on shutdown.
 */
export function rateLimitStorage(
  config: { REDIS_URL?: string | undefined; REDIS_KEY_PREFIX: string },
  database: Database,
  log: Logger,
): { options: Partial<RateLimitPluginOptions>; close(): Promise<void> } {
  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, {
      // A request waits at most one reconnection for its count, then fails rather than hangs.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    redis.on('error', (error) => log.error({ err: error }, 'Redis (rate limits) error'));
    return {
      options: { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` },
      close: async () => {
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  if (database.driver === 'pg') {
    return {
      options: { store: createDatabaseRateLimitStore(database.db, log) as never },
      close: async () => {},
    };
  }
  return { options: {}, close: async () => {} };
}
