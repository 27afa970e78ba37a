import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SessionCache } from './session-cache.ts';

/** The channel migration 0017's triggers NOTIFY on. */
export const SESSION_CHANNEL = 'tasbiq_sessions';
/** The listening connections' application_name prefix: how a process finds the others. */
const LISTENER_NAME = 'tasbiq-sessions:';
/** How long a sync waits for the other processes before the answer goes anyway (by default). */
export const SYNC_TIMEOUT_MS = 2_000;

type Logger = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type SessionInvalidationOptions = {
  connectionString: string;
  cache: SessionCache;
  log: Logger;
  /** How often the idle listening connection proves it is alive (a dead one would miss changes). */
  pingIntervalMs?: number;
  /** How long `synced()` waits for the other processes' answers (SESSION_SYNC_TIMEOUT_MS). */
  syncTimeoutMs?: number;
};

type PendingSync = { waitingFor: Set<string>; done: () => void };

/**
 * One dedicated PostgreSQL connection per API process that LISTENs to session changes and
 * forgets the cached sessions they name (decision 028). The cache serves only while this
 * connection listens: on a lost connection it is disabled (every request reads the database)
 * and emptied, since notifications sent meanwhile are lost; it comes back after a reconnect.
 *
 * `synced()` is the barrier that makes a change made through the API take effect at once on
 * every process: it sends a marker on the channel and waits until every listening process
 * (found by its connection's application_name) has answered it. PostgreSQL delivers a channel's
 * notifications in commit order, so a process that answers the marker has applied every change
 * committed before it.
 */
export function createSessionInvalidation(options: SessionInvalidationOptions) {
  const { cache, log } = options;
  const processId = randomUUID();
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const syncTimeoutMs = options.syncTimeoutMs ?? SYNC_TIMEOUT_MS;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 500;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  /** Our markers still waiting for answers, by marker id. */
  const pending = new Map<string, PendingSync>();
  /** The marker round trip under way, and the one that will follow it for later callers. */
  let inFlight: Promise<void> | null = null;
  let nextSync: Promise<void> | null = null;

  function releaseAll() {
    for (const sync of pending.values()) sync.done();
    pending.clear();
  }

  /** `sync:<origin>:<marker>` asks every process to answer `ack:<origin>:<marker>:<itself>`. */
  function onMessage(current: pg.Client, payload: string) {
    const [kind, origin, marker, from] = payload.split(':');
    if (kind === 'sync' && origin && marker) {
      const answer = `ack:${origin}:${marker}:${processId}`;
      if (origin === processId) acknowledged(marker, processId);
      else
        current
          .query('select pg_notify($1, $2)', [SESSION_CHANNEL, answer])
          .catch((error) => log.error({ err: error }, 'session cache: could not answer a sync'));
      return;
    }
    if (kind === 'ack') {
      if (origin === processId && marker && from) acknowledged(marker, from);
      return;
    }
    cache.invalidate(payload);
  }

  function acknowledged(marker: string, from: string) {
    const sync = pending.get(marker);
    if (!sync) return;
    sync.waitingFor.delete(from);
    if (sync.waitingFor.size === 0) {
      pending.delete(marker);
      sync.done();
    }
  }

  async function sendMarker(): Promise<void> {
    const current = client;
    if (!current || !cache.enabled) return;
    const marker = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    try {
      const { rows } = await current.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
         where datname = current_database() and application_name like $1`,
        [`${LISTENER_NAME}%`],
      );
      const waitingFor = new Set([processId, ...rows.map((row) => row.name.slice(LISTENER_NAME.length))]);
      const answered = new Promise<void>((resolve) => pending.set(marker, { waitingFor, done: resolve }));
      // A process that died without its connection being noticed yet must not hold the answers.
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          const missing = [...(pending.get(marker)?.waitingFor ?? [])];
          if (missing.length > 0)
            log.warn(
              { missing, timeoutMs: syncTimeoutMs },
              'session cache: processes did not answer a sync in time',
            );
          resolve();
        }, syncTimeoutMs);
      });
      await current.query('select pg_notify($1, $2)', [SESSION_CHANNEL, `sync:${processId}:${marker}`]);
      await Promise.race([answered, late]);
    } catch (error) {
      // The answer goes anyway (the write is committed); the connection's own error handler
      // turns the cache off. Said, so a barrier that keeps failing is seen in the logs.
      log.error({ err: error }, 'session cache: a sync could not be sent; answering without it');
    } finally {
      clearTimeout(timer);
      pending.delete(marker);
    }
  }

  function lost(from: pg.Client, error?: unknown) {
    if (client !== from) return;
    client = null;
    cache.setEnabled(false);
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    from.removeAllListeners('notification');
    releaseAll();
    from.end().catch(() => undefined);
    if (stopped) return;
    log.warn({ err: error }, 'session cache: invalidation channel lost, cache off until it is back');
    reconnectTimer = setTimeout(() => void connect(), retryMs);
    reconnectTimer.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      keepAlive: true,
      application_name: `${LISTENER_NAME}${processId}`,
    });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL) onMessage(next, message.payload ?? '*');
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
     * Resolves once every API process has applied every change committed before the call (or
     * after `syncTimeoutMs`, 2 s by default). Concurrent callers share a marker: one sent after they all called.
     */
    synced(): Promise<void> {
      if (!client || !cache.enabled) return Promise.resolve();
      if (!nextSync) {
        const run: Promise<void> = (inFlight ?? Promise.resolve()).then(() => {
          if (nextSync === run) nextSync = null;
          inFlight = run;
          return sendMarker().finally(() => {
            if (inFlight === run) inFlight = null;
          });
        });
        nextSync = run;
      }
      return nextSync;
    },
    /** Resolves once listening (the cache then serves) or once the first attempt failed (it retries). */
    start: () => connect(),
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (pingTimer) clearInterval(pingTimer);
      cache.setEnabled(false);
      releaseAll();
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
