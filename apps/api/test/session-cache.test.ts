/**
 * The in-process session cache (decision 028): the cache itself (everywhere), and on PostgreSQL
 * the app with SESSION_CACHE=on, where every kind of change — made through the API or by a plain
 * SQL write — reaches the cache through the triggers' NOTIFY (migration 0017). `synced()` waits
 * for this process to have seen every notification committed so far (no sleeps). The two-process
 * version of "ended on one, refused on the other" is in multi-process.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, sessionCacheEnabled } from '../src/config.ts';
import { users } from '../src/db/schema/accounts.ts';
import { companies } from '../src/db/schema/companies.ts';
import { type CachedSession, createSessionCache } from '../src/lib/auth/session-cache.ts';
import { createSessionInvalidation, SYNC_TIMEOUT_MS } from '../src/lib/auth/session-invalidation.ts';
import { createTokenService } from '../src/lib/auth/tokens.ts';
import { bearer, loginAs, newEmployee, post } from './auth-test-utils.ts';
import { acceptTerms, publishTerms } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('SESSION_CACHE', () => {
  const pg = 'postgres://u@localhost/db';
  const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('auto is on with PostgreSQL outside tests, off on PGlite and in tests; on needs PostgreSQL', () => {
    expect(sessionCacheEnabled(config({ DATABASE_URL: pg }))).toBe(true);
    expect(sessionCacheEnabled(config({}))).toBe(false);
    expect(sessionCacheEnabled(config({ DATABASE_URL: pg, NODE_ENV: 'test' }))).toBe(false);
    expect(sessionCacheEnabled(config({ DATABASE_URL: pg, NODE_ENV: 'test', SESSION_CACHE: 'on' }))).toBe(
      true,
    );
    expect(sessionCacheEnabled(config({ DATABASE_URL: pg, SESSION_CACHE: 'off' }))).toBe(false);
    expect(() => config({ SESSION_CACHE: 'on' })).toThrow(/SESSION_CACHE/);
  });
});

describe('the session cache', () => {
  const entry = (sessionId: string, userId: number, companyId: number | null) =>
    ({
      sessionId,
      user: { id: userId },
      company: companyId === null ? null : { id: companyId },
      employee: null,
      latestTermsId: null,
      hasAcceptedLatestTerms: true,
    }) as unknown as CachedSession;

  function filled() {
    const cache = createSessionCache();
    cache.setEnabled(true);
    cache.set(entry('s1', 1, 10), cache.generation());
    cache.set(entry('s2', 1, 10), cache.generation());
    cache.set(entry('s3', 2, 10), cache.generation());
    cache.set(entry('s4', 3, 20), cache.generation());
    return cache;
  }

  it('serves a session only to its own account', () => {
    const cache = filled();
    expect(cache.get('s1', 1)?.sessionId).toBe('s1');
    expect(cache.get('s1', 2)).toBeUndefined();
  });

  it('forgets an account’s sessions, a company’s, or everything', () => {
    const cache = filled();
    cache.invalidate('u:1');
    expect([cache.get('s1', 1), cache.get('s2', 1)]).toEqual([undefined, undefined]);
    expect(cache.get('s3', 2)).toBeDefined();
    cache.invalidate('c:10');
    expect(cache.get('s3', 2)).toBeUndefined();
    expect(cache.get('s4', 3)).toBeDefined();
    cache.invalidate('*');
    expect(cache.size).toBe(0);
  });

  it('does not store a load that an invalidation overtook (it may hold the old rows)', () => {
    const cache = createSessionCache();
    cache.setEnabled(true);
    const before = cache.generation();
    cache.invalidate('u:1');
    cache.set(entry('s1', 1, 10), before);
    expect(cache.get('s1', 1)).toBeUndefined();
  });

  it('serves nothing and stores nothing while its channel is not listening', () => {
    const cache = filled();
    cache.setEnabled(false);
    expect(cache.get('s1', 1)).toBeUndefined();
    cache.set(entry('s5', 5, null), cache.generation());
    cache.setEnabled(true);
    expect(cache.size).toBe(0);
  });

  it('re-reads an entry older than its maximum age, keeps at most maxEntries', () => {
    const cache = createSessionCache({ maxAgeMs: 1_000, maxEntries: 2 });
    cache.setEnabled(true);
    cache.set(entry('s1', 1, null), cache.generation(), 0);
    expect(cache.get('s1', 1, 1_000)).toBeDefined();
    expect(cache.get('s1', 1, 1_001)).toBeUndefined();
    for (const id of ['a', 'b', 'c']) cache.set(entry(id, 1, null), cache.generation(), 5_000);
    expect([cache.get('a', 1, 5_000), cache.get('c', 1, 5_000)?.sessionId]).toEqual([undefined, 'c']);
  });
});

describe('verified access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a token verified once is still refused once it has expired', async () => {
    const tokens = createTokenService('a-secret-of-at-least-thirty-two-chars!!', {
      db: undefined as never,
      ttl: { access: 60, refresh: 120 },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const token = await tokens.sign(1, 'access', 'full', 'session-1');
    expect((await tokens.verify(token, 'access')).sessionId).toBe('session-1');
    // The same text again (served from memory), then one second past its expiry.
    expect((await tokens.verify(token, 'access')).userId).toBe(1);
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    await expect(tokens.verify(token, 'access')).rejects.toMatchObject({ code: 'token_not_valid' });
    // A token of another kind is never taken from the access tokens' memory.
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const fresh = await tokens.sign(1, 'access', 'full', 'session-1');
    await tokens.verify(fresh, 'access');
    await expect(tokens.verify(fresh, 'refresh')).rejects.toMatchObject({ code: 'token_not_valid' });
  });
});

describe.runIf(onPostgres)('on PostgreSQL with SESSION_CACHE=on', () => {
  let t: TestApp;
  let termsId: number;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE: 'on' });
    termsId = (await publishTerms(t.db)).id;
  });
  afterAll(() => t.close());

  const cache = () => t.ctx.sessions!.cache;
  const synced = () => t.ctx.sessions!.synced();
  const account = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/account', headers: bearer(access) });

  async function loggedIn() {
    const created = await newEmployee(t);
    await acceptTerms(t.db, created.user.id, termsId);
    const pair = await loginAs(t, created.user.email!);
    expect((await account(pair.access)).statusCode).toBe(200);
    return { ...created, pair };
  }

  it('listens once the app is ready, and serves the second call from memory', async () => {
    expect(cache().enabled).toBe(true);
    const { user, pair } = await loggedIn();
    // Rename the account with the triggers off for this one transaction: only a call served from
    // memory still shows the old name.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ firstName: 'Renommé' }).where(eq(users.id, user.id));
    });
    await synced();
    expect((await account(pair.access)).json().first_name).toBe('Yassine');
    cache().invalidate(`u:${user.id}`);
    expect((await account(pair.access)).json().first_name).toBe('Renommé');
  });

  it('SESSION_SYNC_TIMEOUT_MS: a listed process that never answers holds a sync only that long, and is named', async () => {
    const connectionString = t.ctx.config.DATABASE_URL!;
    const log = { warn: vi.fn(), error: vi.fn() };
    const invalidation = createSessionInvalidation({
      connectionString,
      cache: createSessionCache(),
      log,
      syncTimeoutMs: 300,
    });
    await invalidation.start();
    // A process that died without its connection being noticed: listed, silent.
    const ghostId = `ghost-${randomUUID()}`;
    const ghost = new pg.Client({ connectionString, application_name: `tasbiq-sessions:${ghostId}` });
    await ghost.connect();
    try {
      const started = performance.now();
      await invalidation.synced();
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(SYNC_TIMEOUT_MS);
      expect(log.warn).toHaveBeenCalledWith(
        expect.objectContaining({ missing: [ghostId], timeoutMs: 300 }),
        expect.stringMatching(/did not answer/),
      );
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      await ghost.end();
      await invalidation.stop();
    }
    expect(loadConfig({ LOG_LEVEL: 'silent' }).SESSION_SYNC_TIMEOUT_MS).toBe(SYNC_TIMEOUT_MS);
    expect(() => loadConfig({ SESSION_SYNC_TIMEOUT_MS: '0' })).toThrow(/SESSION_SYNC_TIMEOUT_MS/);
  });

  it('a deactivation written by plain SQL ends the cached session’s access', async () => {
    const { user, pair } = await loggedIn();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await synced();
    expect((await account(pair.access)).json().errors[0].code).toBe('inactive_account');
  });

  it('a role change shows at once', async () => {
    const { user, pair } = await loggedIn();
    await t.db
      .update(users)
      .set({ roles: ['RH'] })
      .where(eq(users.id, user.id));
    await synced();
    expect((await account(pair.access)).json().roles).toEqual(['RH']);
  });

  it('a company switched off refuses its people', async () => {
    const { company, pair } = await loggedIn();
    await t.db.update(companies).set({ isActive: false }).where(eq(companies.id, company.id));
    await synced();
    expect((await account(pair.access)).json().errors[0].code).toBe('ACCOUNT_INACTIVE_COMPANY');
  });

  it('new terms ask everyone cached to accept them', async () => {
    const { pair } = await loggedIn();
    const newer = await publishTerms(t.db);
    await synced();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/employees/solde',
      headers: bearer(pair.access),
    });
    expect(res.json().errors[0].code).toBe('terms_not_accepted');
    termsId = newer.id;
  });

  it('logout, logout everywhere and a password change end the cached sessions', async () => {
    const { user, pair } = await loggedIn();
    const other = await loginAs(t, user.email!);
    const third = await loginAs(t, user.email!);
    expect((await account(other.access)).statusCode).toBe(200);
    expect((await account(third.access)).statusCode).toBe(200);

    expect(
      (await post(t, '/api/auth/logout', { refresh: pair.refresh }, bearer(pair.access))).statusCode,
    ).toBe(200);
    await synced();
    expect((await account(pair.access)).statusCode).toBe(401);

    const changed = await post(
      t,
      '/api/auth/change-password',
      { new_password: 'Marrakech-2030', confirm_password: 'Marrakech-2030' },
      bearer(other.access),
    );
    expect(changed.statusCode).toBe(200);
    await synced();
    expect((await account(third.access)).statusCode).toBe(401);
    expect((await account(other.access)).statusCode).toBe(200);

    expect((await post(t, '/api/auth/logout_all', {}, bearer(other.access))).statusCode).toBe(200);
    await synced();
    expect((await account(other.access)).statusCode).toBe(401);
  });
});
