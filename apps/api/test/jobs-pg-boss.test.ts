/**
 * The pg-boss adapter (lib/jobs/pg-boss-queue.ts) on a real PostgreSQL database: runs a job,
 * retries a failing one, honours startAfter and singleton keys, runs periodic jobs, and carries the
 * advance payouts end to end. Skipped without TEST_DATABASE_URL (the other tests use the in-process
 * runner, JOBS_DRIVER=auto in tests).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { advances } from '../src/db/schema/money.ts';
import { jobsDriverOf } from '../src/lib/jobs/create-job-queue.ts';
import { createTenant, post } from './advances-helpers.ts';
import { createActiveCard } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('condition not met in time');
}

describe('JOBS_DRIVER', () => {
  it('auto is pg-boss on PostgreSQL, in-process on PGlite and in tests', () => {
    const pg = 'postgres://u@localhost/db';
    const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });
    expect(jobsDriverOf(config({ DATABASE_URL: pg }))).toBe('pg-boss');
    expect(jobsDriverOf(config({}))).toBe('in-process');
    expect(jobsDriverOf(config({ DATABASE_URL: pg, NODE_ENV: 'test' }))).toBe('in-process');
    expect(jobsDriverOf(config({ DATABASE_URL: pg, JOBS_DRIVER: 'in-process' }))).toBe('in-process');
    expect(jobsDriverOf(config({ DATABASE_URL: pg, NODE_ENV: 'test', JOBS_DRIVER: 'pg-boss' }))).toBe(
      'pg-boss',
    );
    expect(() => jobsDriverOf(config({ JOBS_DRIVER: 'pg-boss' }))).toThrow(/DATABASE_URL/);
  });
});

describe.skipIf(!onPostgres)('pg-boss job queue (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ JOBS_DRIVER: 'pg-boss' });
  });
  afterAll(() => t?.close());

  it('is the app’s driver here', () => {
    expect(t.ctx.jobs.kind).toBe('pg-boss');
  });

  it('runs a job with its data', async () => {
    const seen: unknown[] = [];
    await t.ctx.jobs.work<{ n: number }>('test.echo', async (data) => {
      seen.push(data);
    });
    await t.ctx.jobs.send('test.echo', { n: 1 });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('retries a failing job', async () => {
    let calls = 0;
    await t.ctx.jobs.work(
      'test.flaky',
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
      },
      { retryLimit: 3, retryDelaySeconds: 1 },
    );
    await t.ctx.jobs.send('test.flaky', {});
    await until(() => calls === 3, 20_000);
    await sleep(1_500);
    expect(calls).toBe(3);
  });

  it('honours startAfterSeconds', async () => {
    let ranAt = 0;
    await t.ctx.jobs.work('test.later', async () => {
      ranAt = Date.now();
    });
    const sentAt = Date.now();
    await t.ctx.jobs.send('test.later', {}, { startAfterSeconds: 2 });
    await sleep(1_000);
    expect(ranAt).toBe(0);
    await until(() => ranAt > 0);
    expect(ranAt - sentAt).toBeGreaterThanOrEqual(1_900);
  });

  it('keeps one queued job per singleton key; sends without a key are never merged', async () => {
    const runs: string[] = [];
    await t.ctx.jobs.work<{ tag: string }>('test.single', async ({ tag }) => {
      runs.push(tag);
    });
    await t.ctx.jobs.send('test.single', { tag: 'first' }, { singletonKey: 'k', startAfterSeconds: 1 });
    await t.ctx.jobs.send('test.single', { tag: 'dropped' }, { singletonKey: 'k', startAfterSeconds: 1 });
    await t.ctx.jobs.send('test.single', { tag: 'free-1' }, { startAfterSeconds: 1 });
    await t.ctx.jobs.send('test.single', { tag: 'free-2' }, { startAfterSeconds: 1 });
    await until(() => runs.length === 3);
    await sleep(1_500);
    expect(runs.sort()).toEqual(['first', 'free-1', 'free-2']);
    // Once it ran, the key is free again.
    await t.ctx.jobs.send('test.single', { tag: 'again' }, { singletonKey: 'k' });
    await until(() => runs.includes('again'));
  });

  it('runs periodic jobs', async () => {
    let ticks = 0;
    await t.ctx.jobs.every('test.tick', 1, async () => {
      ticks += 1;
    });
    await until(() => ticks >= 2, 10_000);
  });

  it('carries an advance payout end to end, and drain() waits for it', async () => {
    const tenant = await createTenant(t);
    const e = await tenant.employee();
    await createActiveCard(t.db, tenant.company.id, e.employee.id);
    const res = await post(t, '/api/advances/', e.auth, { amount: 300, payout_method: 'card' });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    await until(async () => {
      await t.ctx.jobs.drain();
      const [row] = await t.db.select().from(advances).where(eq(advances.id, id));
      return row?.status === 'executed';
    });
  });
});
