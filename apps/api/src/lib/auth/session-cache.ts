import type { Session } from './session.ts';

/** What the per-request lookup loads for a login session; the token adds its scope. */
export type CachedSession = Omit<Session, 'scope'>;

type Entry = { value: CachedSession; userId: number; companyId: number | null; storedAt: number };

export type SessionCacheOptions = {
  /** Entries kept at most (the oldest go first). */
  maxEntries?: number;
  /**
   * A safety net, not the invalidation: a row changed in a way no trigger sees (TRUNCATE of a
   * table other than terms, triggers disabled by hand) is re-read after this long at the latest.
   */
  maxAgeMs?: number;
};

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * The per-request session (session.ts) kept in memory, per login session, so that a private call
 * costs no database round trip once its session is known (issue 9 §2, decision 028).
 *
 * Correctness rests on invalidation, not on age: every change to the rows a session is made of
 * NOTIFYs all API processes (migration 0017, session-invalidation.ts), which call `invalidate`.
 * While that channel is not listening (start, lost connection) the cache is disabled: every
 * request reads the database, as it did before.
 *
 * A load that raced with a change must not store the old rows after the change's invalidation
 * went by: `set` takes the generation read before the load and stores nothing if any
 * invalidation happened since.
 */
export function createSessionCache(options: SessionCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 50_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  const byCompany = new Map<number, Set<string>>();
  let generation = 0;
  let enabled = false;

  function index<K>(map: Map<K, Set<string>>, key: K, sessionId: string) {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(sessionId);
  }

  function unindex<K>(map: Map<K, Set<string>>, key: K, sessionId: string) {
    const set = map.get(key);
    if (!set) return;
    set.delete(sessionId);
    if (set.size === 0) map.delete(key);
  }

  function remove(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    unindex(byUser, entry.userId, sessionId);
    if (entry.companyId !== null) unindex(byCompany, entry.companyId, sessionId);
  }

  function clear() {
    generation += 1;
    entries.clear();
    byUser.clear();
    byCompany.clear();
  }

  return {
    get enabled() {
      return enabled;
    },
    get size() {
      return entries.size;
    },
    /** Turned on once the invalidation channel listens; turning it off forgets everything. */
    setEnabled(on: boolean) {
      if (!on) clear();
      enabled = on;
    },
    /** Read before loading from the database; hand it to `set`. */
    generation: () => generation,
    get(sessionId: string, userId: number, now = Date.now()): CachedSession | undefined {
      if (!enabled) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      // A session id names one account: a token pairing it with another user id is not served.
      if (entry.userId !== userId) return undefined;
      if (now - entry.storedAt > maxAgeMs) {
        remove(sessionId);
        return undefined;
      }
      return entry.value;
    },
    set(value: CachedSession, loadedAtGeneration: number, now = Date.now()) {
      if (!enabled || loadedAtGeneration !== generation) return;
      remove(value.sessionId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      const companyId = value.company?.id ?? null;
      entries.set(value.sessionId, { value, userId: value.user.id, companyId, storedAt: now });
      index(byUser, value.user.id, value.sessionId);
      if (companyId !== null) index(byCompany, companyId, value.sessionId);
    },
    /**
     * One NOTIFY payload (migration 0017): `u:<user id>` forgets that account's sessions,
     * `c:<company id>` the company's, anything else (`*`) everything.
     */
    invalidate(payload: string) {
      generation += 1;
      const match = /^([uc]):(\d+)$/.exec(payload);
      if (!match) {
        clear();
        return;
      }
      const ids = (match[1] === 'u' ? byUser : byCompany).get(Number(match[2]));
      if (ids) for (const sessionId of [...ids]) remove(sessionId);
    },
  };
}
