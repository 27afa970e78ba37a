import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances } from '../src/db/schema/money.ts';
import { casablancaDate } from '../src/lib/time.ts';
import { backdate, createTenant, get, type Person, post, type Tenant } from './advances-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let karim: Person;
let salma: Person;
let outsider: Person;
/** Advance ids by name. */
const ids: Record<string, number> = {};

type Page = { count: number; next: string | null; previous: string | null; results: Array<{ id: number }> };
async function list(auth: Record<string, string>, query = ''): Promise<Page> {
  const res = await get(t, `/api/advances/${query ? `?${query}` : ''}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const idsOf = (page: Page) => page.results.map((r) => r.id).sort((x, y) => x - y);
const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort((x, y) => x - y);

async function create(name: string, who: Person, amount: number) {
  const res = await post(t, '/api/advances/', who.auth, { amount });
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = res.json().id;
}

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 3600 });
  a = await createTenant(t);
  b = await createTenant(t);
  karim = await a.employee({
    firstName: 'Karim',
    lastName: 'Benjelloun',
    cin: 'BE771234',
    employee: { serial: 'ATL-9001', totalMaxAdvancePerMonthCentimes: 10_000_000n },
    netPayable: 3_000_000n,
  });
  salma = await a.employee({ firstName: 'Salma', lastName: 'Idrissi', employee: { serial: 'ATL-9002' } });
  outsider = await b.employee({ firstName: 'Karim', lastName: 'Outsider' });

  await create('k1', karim, 100); // free
  await create('k2', karim, 200); // fee
  await create('k3', karim, 300); // fee, canceled below
  await create('s1', salma, 400); // free
  await create('b1', outsider, 500);
  await post(t, `/api/advances/${ids.k3}/cancel/`, karim.auth, { reason: 'Erreur de montant' });
  // k1 was paid, s1 failed; k2 is dated last January (23:30 UTC on the 15th = the 16th in Casablanca).
  await t.db
    .update(advances)
    .set({ status: 'executed', executedAt: new Date() })
    .where(eq(advances.id, ids.k1!));
  await t.db.update(advances).set({ status: 'failed', failedAt: new Date() }).where(eq(advances.id, ids.s1!));
  await backdate(t, ids.k2!, new Date('2026-01-15T23:30:00Z'));
});
afterAll(() => t.close());

describe('GET /advances/ — who sees what', () => {
  it('an employee sees only their own advances, newest first', async () => {
    const page = await list(karim.auth);
    expect(page.count).toBe(3);
    expect(page.results.map((r) => r.id)).toEqual([ids.k3, ids.k1, ids.k2]);
    expect(idsOf(await list(salma.auth))).toEqual(sorted('s1'));
  });

  it('an employee asking for a colleague gets an empty page, for themselves (id or me) their own', async () => {
    expect(await list(karim.auth, `employee=${salma.employee.id}`)).toMatchObject({ count: 0, results: [] });
    expect((await list(karim.auth, `employee=${karim.employee.id}`)).count).toBe(3);
    expect((await list(karim.auth, 'employee=me')).count).toBe(3);
  });

  it('RH and DRH see their company’s advances, never another company’s', async () => {
    expect(idsOf(await list(a.rh.auth))).toEqual(sorted('k1', 'k2', 'k3', 's1'));
    expect(idsOf(await list(a.drh.auth))).toEqual(sorted('k1', 'k2', 'k3', 's1'));
    expect(idsOf(await list(b.rh.auth))).toEqual(sorted('b1'));
    expect(await list(a.rh.auth, `employee=${outsider.employee.id}`)).toMatchObject({
      count: 0,
      results: [],
    });
    expect(idsOf(await list(a.rh.auth, `employee=${karim.employee.id}`))).toEqual(sorted('k1', 'k2', 'k3'));
    // HR in employee mode: their own advances only.
    expect((await list(a.rh.auth, 'employee=me')).count).toBe(0);
  });

  it('carries the employee and every field of the advance', async () => {
    const page = await list(a.rh.auth, `employee=${karim.employee.id}&status=canceled`);
    expect(page.results).toEqual([
      {
        id: ids.k3,
        employee: { id: karim.employee.id, first_name: 'Karim', last_name: 'Benjelloun', serial: 'ATL-9001' },
        amount: '300.00',
        fees: '15.00',
        free: false,
        status: 'canceled',
        payout_method: 'rib',
        created: expect.any(String),
        executed: null,
        canceled: expect.any(String),
        failed: null,
        cancel_reason: 'Erreur de montant',
        failure_reason: null,
      },
    ]);
  });

  it('is refused when the company has no advances feature, and without a token', async () => {
    const off = await createTenant(t, { company: { advancesEnabled: false } });
    expect((await get(t, '/api/advances/', (await off.employee()).auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/advances/' })).statusCode).toBe(401);
  });
});

describe('GET /advances/ — filters', () => {
  it('status and status_in (together: any of them)', async () => {
    expect(idsOf(await list(a.rh.auth, 'status=pending'))).toEqual(sorted('k2'));
    expect(idsOf(await list(a.rh.auth, 'status_in=executed,failed'))).toEqual(sorted('k1', 's1'));
    expect(idsOf(await list(a.rh.auth, 'status=canceled&status_in=failed'))).toEqual(sorted('k3', 's1'));
    const bad = await get(t, '/api/advances/?status=lost', a.rh.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ attr: 'status', code: 'invalid_choice' });
  });

  it('free (true/false/1/0)', async () => {
    expect(idsOf(await list(a.rh.auth, 'free=true'))).toEqual(sorted('k1', 's1'));
    expect(idsOf(await list(a.rh.auth, 'free=0'))).toEqual(sorted('k2', 'k3'));
    expect((await get(t, '/api/advances/?free=maybe', a.rh.auth)).statusCode).toBe(400);
  });

  it('created_after / created_before are inclusive Casablanca days', async () => {
    expect(idsOf(await list(a.rh.auth, 'created_after=2026-01-16&created_before=2026-01-16'))).toEqual(
      sorted('k2'),
    );
    expect(idsOf(await list(a.rh.auth, 'created_before=2026-01-15'))).toEqual([]);
    const today = casablancaDate(new Date());
    expect(idsOf(await list(a.rh.auth, `created_after=${today}`))).toEqual(sorted('k1', 'k3', 's1'));
    expect((await get(t, '/api/advances/?created_after=2026-02-31', a.rh.auth)).statusCode).toBe(400);
  });

  it('month and year (history screen)', async () => {
    expect(idsOf(await list(karim.auth, 'month=1&year=2026'))).toEqual(sorted('k2'));
    expect(idsOf(await list(karim.auth, 'year=2026&month=2'))).toEqual([]);
    const [y, m] = casablancaDate(new Date()).split('-').map(Number) as [number, number];
    expect(idsOf(await list(karim.auth, `month=${m}&year=${y}`))).toEqual(sorted('k1', 'k3'));
    expect((await get(t, '/api/advances/?month=13', karim.auth)).statusCode).toBe(400);
  });

  it('employee (id) and search (name, matricule, CIN; every term must match)', async () => {
    expect(idsOf(await list(a.rh.auth, `employee=${salma.employee.id}`))).toEqual(sorted('s1'));
    expect(idsOf(await list(a.rh.auth, 'search=karim'))).toEqual(sorted('k1', 'k2', 'k3'));
    expect(idsOf(await list(a.rh.auth, 'search=ATL-9002'))).toEqual(sorted('s1'));
    expect(idsOf(await list(a.rh.auth, 'search=be771234'))).toEqual(sorted('k1', 'k2', 'k3'));
    expect(idsOf(await list(a.rh.auth, 'search=Karim%20Idrissi'))).toEqual([]);
    expect(idsOf(await list(a.rh.auth, 'search=karim%20benj'))).toEqual(sorted('k1', 'k2', 'k3'));
    // Another company's Karim is never found.
    expect(idsOf(await list(a.rh.auth, 'search=outsider'))).toEqual([]);
    expect((await get(t, '/api/advances/?employee=abc', a.rh.auth)).statusCode).toBe(400);
  });

  it('ordering (created, amount, status) and unknown fields', async () => {
    expect((await list(a.rh.auth, 'ordering=amount')).results.map((r) => r.id)).toEqual([
      ids.k1,
      ids.k2,
      ids.k3,
      ids.s1,
    ]);
    expect((await list(a.rh.auth, 'ordering=-amount')).results.map((r) => r.id)).toEqual([
      ids.s1,
      ids.k3,
      ids.k2,
      ids.k1,
    ]);
    expect((await list(a.rh.auth, 'ordering=created')).results[0]?.id).toBe(ids.k2);
    const bad = await get(t, '/api/advances/?ordering=salary', a.rh.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ attr: 'ordering', code: 'invalid_choice' });
  });

  it('limit / offset with next and previous links; a page past the end keeps the count', async () => {
    const first = await list(a.rh.auth, 'limit=3');
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('offset=3');
    expect(first.previous).toBeNull();
    const second = await list(a.rh.auth, 'limit=3&offset=3');
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
    expect(await list(a.rh.auth, 'limit=3&offset=30')).toMatchObject({ count: 4, results: [] });
    // A bad limit falls back to the default page size.
    expect((await list(a.rh.auth, 'limit=abc')).results).toHaveLength(4);
  });
});

describe('GET /advances/stats/daily', () => {
  type Day = { date: string; count: number; amount: string };
  it('counts today’s live advances per Casablanca day, zeros filled, oldest first', async () => {
    const res = await get(t, '/api/advances/stats/daily', a.rh.auth);
    expect(res.statusCode).toBe(200);
    const days = res.json() as Day[];
    expect(days).toHaveLength(30);
    const today = casablancaDate(new Date());
    expect(days.at(-1)).toEqual({ date: today, count: 1, amount: '100.00' }); // k1; k3 canceled, s1 failed
    expect(days.slice(0, -1).every((d) => d.count === 0 && d.amount === '0.00')).toBe(true);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    expect(new Set(days.map((d) => d.date)).size).toBe(30);
  });

  it('takes days (1–366), RH only, per company', async () => {
    expect((await get(t, '/api/advances/stats/daily?days=7', a.rh.auth)).json()).toHaveLength(7);
    expect((await get(t, '/api/advances/stats/daily?days=366', a.drh.auth)).json()).toHaveLength(366);
    expect((await get(t, '/api/advances/stats/daily?days=367', a.rh.auth)).statusCode).toBe(400);
    expect((await get(t, '/api/advances/stats/daily?days=0', a.rh.auth)).statusCode).toBe(400);
    expect((await get(t, '/api/advances/stats/daily', karim.auth)).statusCode).toBe(403);
    const other = (await get(t, '/api/advances/stats/daily?days=1', b.rh.auth)).json() as Day[];
    expect(other).toEqual([{ date: casablancaDate(new Date()), count: 1, amount: '500.00' }]);
  });

  it('counts the day in Casablanca time, not UTC', async () => {
    // 23:30 UTC yesterday-in-UTC can be today in Casablanca (UTC+1): whatever the season, the
    // advance lands on the Casablanca date of its instant.
    const at = new Date(Date.now() - 2 * 86_400_000);
    await t.db
      .update(advances)
      .set({ createdAt: at })
      .where(inArray(advances.id, [ids.b1!]));
    const days = (await get(t, '/api/advances/stats/daily?days=5', b.rh.auth)).json() as Day[];
    expect(days.find((d) => d.count === 1)?.date).toBe(casablancaDate(at));
  });
});
