import type { TRechargeStatus, TTelecomOperator } from '@tasbiq/contracts/money';
import { ZRecharge } from '@tasbiq/contracts/recharges';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recharges } from '../src/db/schema/money.ts';
import { casablancaDate } from '../src/lib/time.ts';
import { periodOf } from '../src/modules/recharges/list-scope.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
type Person = { employeeId: number; headers: Headers };

let companyA: number;
let companyB: number;
let rhA: Person;
let karim: Person;
let salma: Person;
let rhB: Person;
let otherB: Person;
const ids: Record<string, number> = {};

async function person(companyId: number, overrides: Parameters<typeof createTestEmployee>[2] = {}) {
  const { user, employee } = await createTestEmployee(t.db, companyId, overrides);
  return { employeeId: employee.id, headers: await bearerFor(t, user.id) };
}

async function recharge(
  name: string,
  who: Person,
  companyId: number,
  values: {
    at: string;
    status?: TRechargeStatus;
    operator?: TTelecomOperator;
    amount?: bigint;
    discounted?: bigint;
    phone?: string;
  },
) {
  const operator = values.operator ?? 'iam';
  const amount = values.amount ?? 5_000n;
  const [row] = await t.db
    .insert(recharges)
    .values({
      companyId,
      employeeId: who.employeeId,
      phone: values.phone ?? '+212612345678',
      operator,
      product: `${operator}-${amount / 100n}`,
      amountCentimes: amount,
      discountedAmountCentimes: values.discounted ?? amount,
      status: values.status ?? 'executed',
      createdAt: new Date(values.at),
    })
    .returning();
  ids[name] = row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await createTestCompany(t.db)).id;
  companyB = (await createTestCompany(t.db)).id;
  rhA = await person(companyA, { roles: ['RH'], firstName: 'Nadia', lastName: 'Rh' });
  karim = await person(companyA, {
    firstName: 'Karim',
    lastName: 'Tazi',
    employee: { serial: 'MAT-001' },
  });
  salma = await person(companyA, {
    firstName: 'Salma',
    lastName: 'Bennani',
    employee: { serial: 'MAT-002' },
  });
  rhB = await person(companyB, { roles: ['RH'] });
  otherB = await person(companyB);

  await recharge('k1', karim, companyA, {
    at: '2026-10-05T10:00:00+00:00',
    operator: 'iam',
    amount: 5_000n,
    discounted: 4_900n,
  });
  await recharge('k2', karim, companyA, {
    at: '2026-10-20T10:00:00+00:00',
    operator: 'orange',
    amount: 10_000n,
    discounted: 9_700n,
    status: 'failed',
  });
  // 23:30 UTC on 31 Oct = 00:30 on 1 Nov in Casablanca: a November top-up.
  await recharge('k3', karim, companyA, {
    at: '2026-10-31T23:30:00Z',
    operator: 'inwi',
    amount: 2_500n,
    status: 'pending',
    phone: '+212712345678',
  });
  await recharge('s1', salma, companyA, {
    at: '2026-10-31T12:00:00+00:00',
    operator: 'iam',
    amount: 20_000n,
    discounted: 19_400n,
  });
  await recharge('s2', salma, companyA, {
    at: '2026-11-02T09:00:00+00:00',
    operator: 'orange',
    amount: 1_000n,
    status: 'processing',
  });
  await recharge('b1', otherB, companyB, { at: '2026-10-10T10:00:00+00:00' });
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
async function listIds(query: string, headers: Headers) {
  const res = await get(`/api/recharges/${query}`, headers);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return (res.json().results as Array<{ id: number }>).map((r) => names[r.id]);
}

describe('GET /recharges/ — who sees what', () => {
  it('an employee sees only their own top-ups, newest first, in the wire shape', async () => {
    const res = await get('/api/recharges/', karim.headers);
    expect(res.json().count).toBe(3);
    for (const row of res.json().results) ZRecharge.parse(row);
    expect(await listIds('', karim.headers)).toEqual(['k3', 'k2', 'k1']);
    expect(res.json().results[0]).toMatchObject({
      id: ids.k3,
      employee: { id: karim.employeeId, first_name: 'Karim', last_name: 'Tazi', serial: 'MAT-001' },
      phone: '+212712345678',
      operator: 'inwi',
      product: 'inwi-25',
      amount: '25.00',
      discounted_amount: '25.00',
      status: 'pending',
      executed: null,
    });
    expect(await listIds('?employee=me', karim.headers)).toEqual(['k3', 'k2', 'k1']);
    expect(await listIds(`?employee=${karim.employeeId}`, karim.headers)).toEqual(['k3', 'k2', 'k1']);
    // Another employee's rows: an empty page, not an error that would confirm the id exists.
    expect(await listIds(`?employee=${salma.employeeId}`, karim.headers)).toEqual([]);
  });

  it('HR sees the whole company, never another company', async () => {
    expect(await listIds('', rhA.headers)).toEqual(['s2', 'k3', 's1', 'k2', 'k1']);
    expect(await listIds(`?employee=${salma.employeeId}`, rhA.headers)).toEqual(['s2', 's1']);
    expect(await listIds('?employee=me', rhA.headers)).toEqual([]);
    expect(await listIds(`?employee=${otherB.employeeId}`, rhA.headers)).toEqual([]);
    expect(await listIds('', rhB.headers)).toEqual(['b1']);
    expect(await listIds(`?employee=${karim.employeeId}`, rhB.headers)).toEqual([]);
  });
});

describe('GET /recharges/ — filters', () => {
  it('status, status_in (together: any of them), operator, operator_in', async () => {
    expect(await listIds('?status=executed', rhA.headers)).toEqual(['s1', 'k1']);
    expect(await listIds('?status_in=pending,processing', rhA.headers)).toEqual(['s2', 'k3']);
    expect(await listIds('?status=failed&status_in=pending', rhA.headers)).toEqual(['k3', 'k2']);
    expect(await listIds('?operator=orange', rhA.headers)).toEqual(['s2', 'k2']);
    expect(await listIds('?operator_in=inwi,iam', rhA.headers)).toEqual(['k3', 's1', 'k1']);
  });

  it('created_after / created_before are inclusive Casablanca days', async () => {
    // k3, 23:30 UTC on 31 October 2026, is 23:30 on the 31st in Casablanca (UTC+00 since 20 September).
    expect(await listIds('?created_after=2026-11-01', rhA.headers)).toEqual(['s2']);
    expect(await listIds('?created_before=2026-10-31', rhA.headers)).toEqual(['k3', 's1', 'k2', 'k1']);
    expect(await listIds('?created_after=2026-10-20&created_before=2026-10-31', rhA.headers)).toEqual([
      'k3',
      's1',
      'k2',
    ]);
    expect(await listIds('?created_after=2026-10-31&created_before=2026-10-31', rhA.headers)).toEqual([
      'k3',
      's1',
    ]);
  });

  it('month + year (Casablanca month), year alone; month alone is this year', async () => {
    expect(await listIds('?month=10&year=2026', rhA.headers)).toEqual(['k3', 's1', 'k2', 'k1']);
    expect(await listIds('?month=11&year=2026', rhA.headers)).toEqual(['s2']);
    expect(await listIds('?month=10&year=2026', karim.headers)).toEqual(['k3', 'k2', 'k1']);
    expect(await listIds('?month=11&year=2026', karim.headers)).toEqual([]);
    expect(await listIds('?year=2026', rhA.headers)).toHaveLength(5);
    expect(await listIds('?year=2025', rhA.headers)).toEqual([]);
    expect(periodOf({ month: 3 }, new Date('2027-06-01T12:00:00Z'))).toEqual({ year: 2027, month: 3 });
  });

  it('search: names, matricule, phone in any written form, product; every term must match', async () => {
    expect(await listIds('?search=salma', rhA.headers)).toEqual(['s2', 's1']);
    expect(await listIds('?search=MAT-001', rhA.headers)).toEqual(['k3', 'k2', 'k1']);
    expect(await listIds('?search=0712345678', rhA.headers)).toEqual(['k3']);
    expect(await listIds('?search=orange-100', rhA.headers)).toEqual(['k2']);
    expect(await listIds('?search=karim%20inwi', rhA.headers)).toEqual(['k3']);
    expect(await listIds('?search=karim%20salma', rhA.headers)).toEqual([]);
  });

  it('ordering and pagination', async () => {
    expect(await listIds('?ordering=amount', rhA.headers)).toEqual(['s2', 'k3', 'k1', 'k2', 's1']);
    expect(await listIds('?ordering=-discounted_amount', rhA.headers)).toEqual([
      's1',
      'k2',
      'k1',
      'k3',
      's2',
    ]);
    const page = await get('/api/recharges/?limit=2&offset=2', rhA.headers);
    expect(page.json()).toMatchObject({ count: 5, next: expect.stringContaining('offset=4') });
    expect(page.json().previous).toContain('limit=2');
    expect(page.json().results.map((r: { id: number }) => r.id)).toEqual([ids.s1, ids.k2]);
  });

  it('bad filters answer validation errors', async () => {
    const cases: Array<[string, string, string]> = [
      ['?status=done', 'status', 'invalid_choice'],
      ['?status_in=pending,nope', 'status_in.1', 'invalid_choice'],
      ['?operator=meditel', 'operator', 'invalid_choice'],
      ['?month=13&year=2026', 'month', 'max_value'],
      ['?year=abc', 'year', 'invalid'],
      ['?created_after=2026-02-31', 'created_after', 'invalid'],
      ['?employee=abc', 'employee', 'invalid'],
      ['?ordering=phone', 'ordering', 'invalid_choice'],
    ];
    for (const [query, attr, code] of cases) {
      const res = await get(`/api/recharges/${query}`, rhA.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toMatchObject({ attr, code });
    }
  });
});

describe('GET /recharges/:id', () => {
  it('the owner and HR of the company see it; anyone else gets 404', async () => {
    expect((await get(`/api/recharges/${ids.k1}`, karim.headers)).json()).toMatchObject({
      id: ids.k1,
      status: 'executed',
    });
    expect((await get(`/api/recharges/${ids.k1}`, rhA.headers)).statusCode).toBe(200);
    expect((await get(`/api/recharges/${ids.k1}`, salma.headers)).statusCode).toBe(404);
    expect((await get(`/api/recharges/${ids.k1}`, rhB.headers)).statusCode).toBe(404);
    expect((await get(`/api/recharges/${ids.b1}`, rhA.headers)).statusCode).toBe(404);
    expect((await get('/api/recharges/abc', rhA.headers)).statusCode).toBe(404);
    expect((await get('/api/recharges/99999999', rhA.headers)).statusCode).toBe(404);
  });
});

describe('GET /recharges/stats/daily', () => {
  it('counts and sums (discounted) per Casablanca day, zeros filled, failed left out', async () => {
    const c = (await createTestCompany(t.db)).id;
    const rh = await person(c, { roles: ['RH'] });
    const who = await person(c);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    await recharge('t1', who, c, { at: at(0), amount: 5_000n, discounted: 4_900n });
    await recharge('t2', who, c, { at: at(0), amount: 10_000n, discounted: 9_700n, status: 'pending' });
    await recharge('t3', who, c, { at: at(0), amount: 2_000n, status: 'failed' });
    await recharge('t4', who, c, { at: at(72), amount: 20_000n, discounted: 19_400n });
    await recharge('old', who, c, { at: at(24 * 40), amount: 1_000n });

    const res = await get('/api/recharges/stats/daily', rh.headers);
    expect(res.statusCode).toBe(200);
    const days = res.json() as Array<{ date: string; count: number; amount: string }>;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: casablancaDate(new Date(now)), count: 2, amount: '146.00' });
    expect(days.find((d) => d.date === casablancaDate(new Date(at(72))))).toMatchObject({
      count: 1,
      amount: '194.00',
    });
    expect(days.filter((d) => d.count > 0)).toHaveLength(2);
    expect(days.filter((d) => d.count === 0).every((d) => d.amount === '0.00')).toBe(true);
    const dates = days.map((d) => d.date);
    expect([...dates].sort()).toEqual(dates);

    const week = (await get('/api/recharges/stats/daily?days=3', rh.headers)).json();
    expect(week).toHaveLength(3);
    expect(week[0].date).toBe(casablancaDate(new Date(now - 2 * 86_400_000)));
    // Another company's figures never show.
    const other = (await get('/api/recharges/stats/daily', rhA.headers)).json();
    expect(other.at(-1)).toMatchObject({ count: 0, amount: '0.00' });
  });

  it('is HR only, and checks `days`', async () => {
    expect((await get('/api/recharges/stats/daily', karim.headers)).statusCode).toBe(403);
    for (const days of ['0', '367', 'abc']) {
      const res = await get(`/api/recharges/stats/daily?days=${days}`, rhA.headers);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().errors[0].attr).toBe('days');
    }
    expect((await get('/api/recharges/stats/daily?days=366', rhA.headers)).json()).toHaveLength(366);
  });
});
