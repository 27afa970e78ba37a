/**
 * Issue 9 §5: N stateless API processes on one PostgreSQL database. Two real processes
 * (`node src/server.ts`, production mode, pg-boss jobs, sessions cached in process) start together
 * on one empty database and share it; the test talks to them over HTTP and reads the database.
 * A second pair runs with Redis (when TEST_REDIS_URL is set) and files stored in the database.
 * Skipped without TEST_DATABASE_URL (CI sets it: the "API tests on PostgreSQL" step).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/accounts.ts';
import { advances, sandboxOperations } from '../src/db/schema/money.ts';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { createTokenService, type TokenService } from '../src/lib/auth/tokens.ts';
import { createTenant } from './advances-helpers.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const SECRET = 'multi-process-test-secret-0123456789abcdef';
const RATE_LIMIT = 6;

type Pair = {
  a: ApiProcess;
  b: ApiProcess;
  database: Database;
  tokens: TokenService;
  /** What the test factories need of a TestApp: the database and a token service with the secret. */
  t: TestApp;
  close(): Promise<void>;
};

/** Two processes started at the same time on an empty database (one migrates, the other waits). */
async function startPair(env: Record<string, string>): Promise<Pair> {
  const db = await createTestDatabase(serverUrl!, 'tasbiq_mp');
  const storageDir = mkdtempSync(path.join(tmpdir(), 'tasbiq-shared-files-'));
  const shared = {
    DATABASE_URL: db.url,
    JWT_SECRET: SECRET,
    STORAGE_DIR: storageDir,
    AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    PAYOUT_SWEEP_INTERVAL_SECONDS: '1',
    CARD_ISSUER_SANDBOX_LATENCY_MS: '10',
    BANK_TRANSFER_SANDBOX_LATENCY_MS: '10',
    ...env,
  };
  const [a, b] = await Promise.all([startApiProcess(shared), startApiProcess(shared)]);
  const database = openDatabase({ databaseUrl: db.url, pgliteDir: 'unused', poolSize: 4 });
  const tokens = createTokenService(SECRET, { db: database.db });
  return {
    a,
    b,
    database,
    tokens,
    t: { db: database.db, ctx: { tokens } } as unknown as TestApp,
    async close() {
      await Promise.all([a.stop(), b.stop()]);
      await database.close();
      await db.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

type CallOptions = { auth?: Record<string, string>; json?: unknown; body?: FormData };
function call(api: ApiProcess, method: string, url: string, options: CallOptions = {}) {
  return fetch(`${api.url}/api${url}`, {
    method,
    headers: {
      ...options.auth,
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
}

/** Polls the database for what the processes do in the background (their jobs). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Per-IP limits (the login and public calls) count once across both processes. */
async function expectSharedRateLimit(pair: Pair) {
  const statuses: number[] = [];
  for (let i = 0; i < RATE_LIMIT + 2; i += 1) {
    const api = i % 2 === 0 ? pair.a : pair.b;
    const res = await call(api, 'POST', '/auth/password-reset', { json: { username: `personne${i}@x.ma` } });
    statuses.push(res.status);
  }
  // Six answers across the two processes, then both refuse: each alone would have allowed six.
  expect(
    statuses.slice(0, RATE_LIMIT).every((status) => status !== 429),
    String(statuses),
  ).toBe(true);
  expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429]);
}

/** A change request's attachment sent to one process is downloaded from the other. */
async function expectSharedFiles(pair: Pair) {
  const tenant = await createTenant(pair.t);
  const target = await tenant.employee();
  const pdf = Buffer.from(`%PDF-1.4\n% ${randomBytes(8).toString('hex')}\n%%EOF\n`);
  const form = new FormData();
  form.append('field', 'last_name');
  form.append('new_value', 'Bennani');
  form.append('description', 'Acte de mariage');
  form.append('attachments', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'acte.pdf');
  const created = await call(pair.a, 'POST', `/employees/${target.employee.id}/change_request/`, {
    auth: tenant.rh.auth,
    body: form,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const request = (await created.json()) as { id: number; attachments: Array<{ id: number }> };
  const download = await call(
    pair.b,
    'GET',
    `/change_requests/${request.id}/attachments/${request.attachments[0]!.id}`,
    { auth: tenant.rh.auth },
  );
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
}

describe.runIf(serverUrl)('two API processes on one PostgreSQL database', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair({});
  }, 120_000);
  afterAll(() => pair?.close(), 60_000);

  it('a session ended on one process is refused by the other on the very next call', async () => {
    const tenant = await createTenant(pair.t);
    const person = await tenant.employee();
    const login = async () => {
      const { access, refresh } = await pair.tokens.pair(person.user.id, 'full');
      return { access, refresh, auth: { authorization: `Bearer ${access}` } };
    };
    const account = (api: ApiProcess, auth: Record<string, string>) =>
      call(api, 'GET', '/auth/account', { auth });

    // Logout on A; B had the session in memory.
    const first = await login();
    expect((await account(pair.a, first.auth)).status).toBe(200);
    expect((await account(pair.b, first.auth)).status).toBe(200);
    expect((await account(pair.b, first.auth)).status).toBe(200);
    const logout = await call(pair.a, 'POST', '/auth/logout', {
      json: { refresh: first.refresh },
      auth: first.auth,
    });
    expect(logout.status).toBe(200);
    expect((await account(pair.b, first.auth)).status).toBe(401);

    // "Se déconnecter partout" on B; A had both sessions in memory.
    const [second, third] = [await login(), await login()];
    for (const session of [second, third]) expect((await account(pair.a, session.auth)).status).toBe(200);
    expect((await call(pair.b, 'POST', '/auth/logout_all', { auth: second.auth })).status).toBe(200);
    for (const session of [second, third]) expect((await account(pair.a, session.auth)).status).toBe(401);

    // Deactivated by a plain SQL write (an administrator in psql): nothing goes through either
    // process, so each refuses once the trigger's notification has reached it — milliseconds,
    // but with no answer to wait for first, hence the polling (decision 028).
    const fourth = await login();
    for (const api of [pair.a, pair.b]) expect((await account(api, fourth.auth)).status).toBe(200);
    await pair.database.db.update(users).set({ isActive: false }).where(eq(users.id, person.user.id));
    for (const api of [pair.a, pair.b]) {
      await until(async () => (await account(api, fourth.auth)).status !== 200, 'the deactivation', 5_000);
      const res = await account(api, fourth.auth);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
        'inactive_account',
      );
    }
  });

  it('a payout job runs once, whichever process took the advance and whichever runs the job', async () => {
    const tenant = await createTenant(pair.t);
    const people = await Promise.all(Array.from({ length: 6 }, () => tenant.employee()));
    for (const person of people)
      await createActiveCard(pair.database.db, tenant.company.id, person.employee.id);
    const ids: number[] = [];
    for (const [i, person] of people.entries()) {
      const res = await call(i % 2 === 0 ? pair.a : pair.b, 'POST', '/advances/', {
        auth: person.auth,
        json: { amount: '100', payout_method: 'card' },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const db = pair.database.db;
    const statuses = async () =>
      (await db.select({ status: advances.status }).from(advances).where(inArray(advances.id, ids))).map(
        (row) => row.status,
      );
    await until(async () => (await statuses()).every((status) => status === 'executed'), 'the payouts');

    // One load per advance at the card issuer, each announced once in its outbox.
    const operations = await db
      .select({ reference: sandboxOperations.reference })
      .from(sandboxOperations)
      .where(eq(sandboxOperations.provider, 'card_issuer'));
    expect(operations).toHaveLength(ids.length);
    expect(new Set(operations.map((op) => op.reference)).size).toBe(ids.length);
    const announced = await db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, 'card'));
    expect(announced).toHaveLength(ids.length);
    expect(await ledgerInconsistencies(db)).toEqual({ unbalanced: [], drift: [] });
    // The jobs lived in the shared queue: every advance's job completed and none failed (a
    // sweep may queue the job again while it runs; that run finds the advance paid and stops).
    const { rows: jobs } = await db.execute<{ key: string; state: string }>(
      sql`select singleton_key as key, state from pgboss_v12.job where name = 'advance.payout'`,
    );
    const completed = new Set(jobs.filter((job) => job.state === 'completed').map((job) => job.key));
    expect(completed).toEqual(new Set(ids.map((id) => `advance:${id}`)));
    expect(jobs.filter((job) => job.state === 'failed')).toEqual([]);
  }, 60_000);

  it('import invitations are sent once, by the process that took the import', async () => {
    const tenant = await createTenant(pair.t);
    // Mobiles outside +2126 9 (left to the 10,000-row import test) and CINs of this run.
    const digits = (n: number) => String(randomBytes(4).readUInt32BE() % 10 ** n).padStart(n, '0');
    const phones = Array.from({ length: 3 }, () => `07${digits(8)}`);
    const header = 'prenom;nom;cin;telephone;salaire';
    const lines = phones.map((phone) => `Sara;Alaoui;MP${digits(6)};${phone};8000`);
    const form = new FormData();
    form.append('send_sms', 'true');
    form.append(
      'csvfile',
      new Blob([`${header}\r\n${lines.join('\r\n')}\r\n`], { type: 'text/csv' }),
      'salaries.csv',
    );
    const res = await call(pair.a, 'POST', '/employees/import/', { auth: tenant.rh.auth, body: form });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ created: 3, invitations_queued: 3 });

    const recipients = phones.map((phone) => `+212${phone.slice(1)}`);
    const sent = () =>
      pair.database.db
        .select({ recipient: outboxMessages.recipient })
        .from(outboxMessages)
        .where(inArray(outboxMessages.recipient, recipients));
    await until(async () => (await sent()).length >= recipients.length, 'the invitations');
    expect((await sent()).map((row) => row.recipient).sort()).toEqual([...recipients].sort());
  }, 60_000);

  it('a scheduled job runs once per period, not once per process', async () => {
    const since = new Date();
    await until(async () => (await sweepsSince(pair, since)) >= 4, 'four sweeps');
    // pg-boss keeps one job per period's time slot (1 s here) whoever queued it.
    const { rows } = await pair.database.db.execute<{ slot: string; n: number }>(sql`
      select singleton_on::text as slot, count(*)::int as n from pgboss_v12.job
      where name = 'advance.payout-sweep' group by singleton_on`);
    expect(
      rows.every((row) => row.slot !== null && row.n === 1),
      JSON.stringify(rows),
    ).toBe(true);
  }, 60_000);

  it('per-IP rate limits hold across the processes (counted in PostgreSQL)', async () => {
    await expectSharedRateLimit(pair);
  });

  it('a file uploaded to one process downloads from the other (a shared directory)', async () => {
    await expectSharedFiles(pair);
  });
});

/** Completed runs of the payout sweeper created after `since`. */
async function sweepsSince(pair: Pair, since: Date): Promise<number> {
  const { rows } = await pair.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss_v12.job
    where name = 'advance.payout-sweep' and state = 'completed' and created_on > ${since.toISOString()}::timestamptz`);
  return Number(rows[0]?.n ?? 0);
}

describe.runIf(serverUrl && redisUrl)('two API processes with Redis and files in the database', () => {
  let pair: Pair;
  beforeAll(async () => {
    // Keys of this run only: the Redis server outlives the test, its counters a minute.
    pair = await startPair({
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `tasbiq-test-${randomBytes(4).toString('hex')}:`,
      STORAGE_DRIVER: 'database',
    });
  }, 120_000);
  afterAll(() => pair?.close(), 60_000);

  it('per-IP rate limits hold across the processes (counted in Redis)', async () => {
    await expectSharedRateLimit(pair);
    // Nothing was counted in PostgreSQL.
    const { rows } = await pair.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limit_counters`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('a file uploaded to one process downloads from the other (stored in the database)', async () => {
    await expectSharedFiles(pair);
    const { rows } = await pair.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stored_files`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
