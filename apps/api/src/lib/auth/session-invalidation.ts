import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SessionCache } from './session-cache.ts';

/** The channel migration 0017's triggers NOTIFY on. */
export const SESSION_CHANNEL = 'tasbiq_sessions';

type Logger = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type SessionInvalidationOptions = {
  connectionString: string;
  cache: SessionCache;
  log: Logger;
  /** How often the idle listening connection proves it is alive (a dead one would miss changes). */
  pingIntervalMs?: number;
};

/**
 * One dedicated PostgreSQL connection per API process that LISTENs to session changes and
 * forgets the cached sessions they name (decision 028). The cache serves only while this
 * connection listens: on a lost connection it is disabled (every request reads the database)
 * and emptied, since notifications sent meanwhile are lost; it comes back after a reconnect.
 */
export function createSessionInvalidation(options: SessionInvalidationOptions) {
  const { cache, log } = options;
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  /** `synced()` calls waiting for their own notification to come back. */
  const syncWaiters = new Map<string, () => void>();

  function lost(from: pg.Client, error?: unknown) {
    if (client !== from) return;
    client = null;
    cache.setEnabled(false);
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    from.removeAllListeners('notification');
    from.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: error }, 'session cache: invalidation channel lost, cache off until it is back');
    reconnectTimer = setTimeout(() => void connect(), retryMs);
    reconnectTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== SESSION_CHANNEL) return;
      const payload = message.payload ?? '*';
      if (payload.startsWith('sync:')) {
        syncWaiters.get(payload)?.();
        syncWaiters.delete(payload);
        return;
      }
      cache.invalidate(payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next || stopped) return;
    retryMs = 500;
    // Only from here on is every change seen: what was cached before is not trusted.
    cache.setEnabled(false);
    cache.setEnabled(true);
    pingTimer = setInterval(() => {
      let answered = false;
      const timeout = setTimeout(() => {
        if (!answered) lost(next, new Error('the listening connection did not answer a ping'));
      }, 5_000);
      timeout.unref();
      next
        .query('select 1')
        .then(() => {
          answered = true;
          clearTimeout(timeout);
        })
        .catch((error) => lost(next, error));
    }, pingIntervalMs);
    pingTimer.unref();
  }

  return {
    /**
     * Resolves once this process has seen every change committed before the call: PostgreSQL
     * delivers notifications in commit order, so our own marker coming back means the earlier
     * ones came first. Tests use it instead of waiting a while.
     */
    async synced(): Promise<void> {
      const current = client;
      if (!current || !cache.enabled) return;
      const marker = `sync:${randomUUID()}`;
      const seen = new Promise<void>((resolve) => syncWaiters.set(marker, resolve));
      await current.query('select pg_notify($1, $2)', [SESSION_CHANNEL, marker]);
      await seen;
    },
    /** Resolves once listening (the cache then serves) or once the first attempt failed (it retries). */
    start: () => connect(),
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (pingTimer) clearInterval(pingTimer);
      cache.setEnabled(false);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
