import type { TAdvanceStatus, TRechargeStatus, TTelecomOperator } from '@tasbiq/contracts/money';
import { ZTransaction } from '@tasbiq/contracts/transactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances, recharges } from '../src/db/schema/money.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
type Person = { employeeId: number; headers: Headers };

let rhA: Person;
let karim: Person;
let salma: Person;
let rhB: Person;
let otherB: Person;
/** `a:<name>` / `r:<name>` → the row's key in answers (`advance-12`). */
const keys: Record<string, string> = {};

async function person(companyId: number, overrides: Parameters<typeof createTestEmployee>[2] = {}) {
  const { user, employee } = await createTestEmployee(t.db, companyId, overrides);
  return { employeeId: employee.id, companyId, headers: await bearerFor(t, user.id) };
}

async function advance(
  name: string,
  who: Person & { companyId: number },
  at: string,
  amount: bigint,
  fee = 0n,
  status: TAdvanceStatus = 'executed',
) {
  const [row] = await t.db
    .insert(advances)
    .values({
      companyId: who.companyId,
      employeeId: who.employeeId,
      amountCentimes: amount,
      feeCentimes: fee,
      isFree: fee === 0n,
      payoutMethod: 'rib',
      status,
      createdAt: new Date(at),
    })
    .returning();
  keys[name] = `advance-${row!.id}`;
}

async function recharge(
  name: string,
  who: Person & { companyId: number },
  at: string,
  operator: TTelecomOperator,
  amount: bigint,
  discounted: bigint,
  status: TRechargeStatus = 'executed',
) {
  const [row] = await t.db
    .insert(recharges)
    .values({
      companyId: who.companyId,
      employeeId: who.employeeId,
      phone: '+212612345678',
      operator,
      product: `${operator}-${amount / 100n}`,
      amountCentimes: amount,
      discountedAmountCentimes: discounted,
      status,
      createdAt: new Date(at),
    })
    .returning();
  keys[name] = `recharge-${row!.id}`;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = (await createTestCompany(t.db)).id;
  const b = (await createTestCompany(t.db)).id;
  rhA = await person(a, { roles: ['RH'] });
  const k = await person(a, { firstName: 'Karim', lastName: 'Tazi', employee: { serial: 'MAT-001' } });
  const s = await person(a, { firstName: 'Salma', lastName: 'Bennani', employee: { serial: 'MAT-002' } });
  karim = k;
  salma = s;
  rhB = await person(b, { roles: ['RH'] });
  const o = await person(b);
  otherB = o;

  await advance('ka1', k, '2026-10-03T09:00:00+00:00', 50_000n);
  await recharge('kr1', k, '2026-10-04T09:00:00+00:00', 'iam', 5_000n, 4_900n);
  await advance('ka2', k, '2026-10-15T09:00:00+00:00', 30_000n, 1_500n, 'canceled');
  await recharge('kr2', k, '2026-11-01T00:30:00+00:00', 'orange', 10_000n, 9_700n, 'failed'); // 1 Nov in Casablanca
  await advance('sa1', s, '2026-10-10T09:00:00+00:00', 100_000n, 1_500n, 'pending');
  await recharge('sr1', s, '2026-11-05T09:00:00+00:00', 'inwi', 2_500n, 2_500n, 'processing');
  await advance('ob1', o, '2026-10-10T09:00:00+00:00', 20_000n);
  await recharge('or1', o, '2026-10-11T09:00:00+00:00', 'iam', 1_000n, 1_000n);
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
async function listKeys(query: string, headers: Headers) {
  const res = await get(`/api/transactions/${query}`, headers);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  const names = Object.fromEntries(Object.entries(keys).map(([name, key]) => [key, name]));
  const body = res.json() as { count: number; results: Array<{ type: string; id: number }> };
  const list = body.results.map((r) => names[`${r.type}-${r.id}`]);
  expect(body.count, query).toBeGreaterThanOrEqual(list.length);
  return list;
}

describe('GET /transactions/', () => {
  it('an employee sees their advances and top-ups in one list, newest first', async () => {
    const res = await get('/api/transactions/', karim.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(4);
    for (const row of res.json().results) ZTransaction.parse(row);
    expect(await listKeys('', karim.headers)).toEqual(['kr2', 'ka2', 'kr1', 'ka1']);
    const [kr2, ka2] = res.json().results;
    expect(kr2).toEqual({
      id: expect.any(Number),
      type: 'recharge',
      employee: { id: karim.employeeId, first_name: 'Karim', last_name: 'Tazi', serial: 'MAT-001' },
      title: 'Recharge Orange 100 DH',
      amount: '97.00',
      fees: '0.00',
      status: 'failed',
      // Casablanca's offset on the wire: a screen shows 00:30 whatever its own time zone rules.
      created: '2026-11-01T00:30:00.000+00:00',
    });
    expect(ka2).toMatchObject({
      type: 'advance',
      title: 'Avance sur salaire',
      amount: '300.00',
      fees: '15.00',
      status: 'canceled',
    });
    expect(await listKeys(`?employee=${salma.employeeId}`, karim.headers)).toEqual([]);
    expect(await listKeys('?employee=me', karim.headers)).toEqual(['kr2', 'ka2', 'kr1', 'ka1']);
  });

  it('HR sees the company’s (the dashboard takes the last 10), never another company’s', async () => {
    expect(await listKeys('?limit=10', rhA.headers)).toEqual(['sr1', 'kr2', 'ka2', 'sa1', 'kr1', 'ka1']);
    expect(await listKeys(`?employee=${salma.employeeId}`, rhA.headers)).toEqual(['sr1', 'sa1']);
    expect(await listKeys('?employee=me', rhA.headers)).toEqual([]);
    expect(await listKeys(`?employee=${otherB.employeeId}`, rhA.headers)).toEqual([]);
    expect(await listKeys('', rhB.headers)).toEqual(['or1', 'ob1']);
  });

  it('type_in: advances, top-ups; bills and transfers alone give an empty page', async () => {
    expect(await listKeys('?type_in=advance', rhA.headers)).toEqual(['ka2', 'sa1', 'ka1']);
    expect(await listKeys('?type_in=recharge', rhA.headers)).toEqual(['sr1', 'kr2', 'kr1']);
    expect(await listKeys('?type=recharge&type_in=advance', karim.headers)).toEqual([
      'kr2',
      'ka2',
      'kr1',
      'ka1',
    ]);
    expect(await listKeys('?type_in=advance,bill', karim.headers)).toEqual(['ka2', 'ka1']);
    const empty = await get('/api/transactions/?type_in=bill,transfer', rhA.headers);
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await get('/api/transactions/?type=transfer', karim.headers)).json().count).toBe(0);
  });

  it('status, status_in, month + year (Casablanca), dates, search', async () => {
    expect(await listKeys('?status=executed', rhA.headers)).toEqual(['kr1', 'ka1']);
    expect(await listKeys('?status_in=pending,processing,failed', rhA.headers)).toEqual([
      'sr1',
      'kr2',
      'sa1',
    ]);
    expect(await listKeys('?month=10&year=2026', rhA.headers)).toEqual(['ka2', 'sa1', 'kr1', 'ka1']);
    expect(await listKeys('?month=11&year=2026', karim.headers)).toEqual(['kr2']);
    expect(await listKeys('?year=2026&type_in=recharge', karim.headers)).toEqual(['kr2', 'kr1']);
    expect(await listKeys('?year=2025', rhA.headers)).toEqual([]);
    expect(await listKeys('?created_after=2026-10-10&created_before=2026-10-31', rhA.headers)).toEqual([
      'ka2',
      'sa1',
    ]);
    expect(await listKeys('?search=salma', rhA.headers)).toEqual(['sr1', 'sa1']);
    expect(await listKeys('?search=MAT-001%20tazi', rhA.headers)).toEqual(['kr2', 'ka2', 'kr1', 'ka1']);
  });

  it('paginates across both kinds', async () => {
    const first = await get('/api/transactions/?limit=4', rhA.headers);
    expect(first.json()).toMatchObject({
      count: 6,
      previous: null,
      next: expect.stringContaining('offset=4'),
    });
    const second = await get('/api/transactions/?limit=4&offset=4', rhA.headers);
    const names = Object.fromEntries(Object.entries(keys).map(([name, key]) => [key, name]));
    expect(
      second.json().results.map((r: { type: string; id: number }) => names[`${r.type}-${r.id}`]),
    ).toEqual(['kr1', 'ka1']);
    expect(second.json().next).toBeNull();
  });

  it('answers validation errors and needs the advances, recharges, transfers, bills or expenses feature', async () => {
    for (const [query, attr] of [
      ['?type_in=advance,bonus', 'type_in.1'],
      ['?type=bonus', 'type'],
      ['?status=done', 'status'],
      ['?month=0&year=2026', 'month'],
      ['?employee=x', 'employee'],
    ] as const) {
      const res = await get(`/api/transactions/${query}`, rhA.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].attr, query).toBe(attr);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions/' })).statusCode).toBe(401);
    const off = await createTestCompany(t.db, {
      advancesEnabled: false,
      rechargesEnabled: false,
      transfersEnabled: false,
      billsEnabled: false,
      expensesEnabled: false,
    });
    const someone = await person(off.id);
    expect((await get('/api/transactions/', someone.headers)).statusCode).toBe(403);
    // Expense settlements alone open the history too (issue 15).
    const onlyExpenses = await createTestCompany(t.db, {
      advancesEnabled: false,
      rechargesEnabled: false,
      transfersEnabled: false,
      billsEnabled: false,
      expensesEnabled: true,
    });
    expect((await get('/api/transactions/', (await person(onlyExpenses.id)).headers)).statusCode).toBe(200);
    const onlyAdvances = await createTestCompany(t.db, { rechargesEnabled: false });
    expect((await get('/api/transactions/', (await person(onlyAdvances.id)).headers)).statusCode).toBe(200);
  });
});
