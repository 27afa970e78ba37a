import { ZHrStats } from '@tasbiq/contracts/stats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { advances, recharges } from '../src/db/schema/money.ts';
import { getOrCreateAccount, postTransaction } from '../src/lib/ledger.ts';
import { casablancaMonth, casablancaMonthBounds } from '../src/lib/time.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { hrStats } from '../src/modules/hr-stats/queries.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let companyA: number;
let companyB: number;
let rhA: Record<string, string>;
let rhB: Record<string, string>;
let employeeA: Record<string, string>;

type Row = { employeeId: number; at: Date };
const base = (companyId: number, employeeId: number) => ({
  companyId,
  employeeId,
  payoutMethod: 'rib' as const,
});

beforeAll(async () => {
  t = await createTestApp();
  companyA = (await createTestCompany(t.db)).id;
  companyB = (await createTestCompany(t.db)).id;
  const rh = await createTestEmployee(t.db, companyA, { roles: ['RH'] });
  rhA = await bearerFor(t, rh.user.id);
  rhB = await bearerFor(t, (await createTestEmployee(t.db, companyB, { roles: ['DRH'] })).user.id);
  const karim = (await createTestEmployee(t.db, companyA)).employee;
  const salma = (await createTestEmployee(t.db, companyA)).employee;
  employeeA = await bearerFor(t, (await createTestEmployee(t.db, companyA)).user.id);
  // Not counted as active: an invited one and a deactivated one.
  await createTestEmployee(t.db, companyA, { password: undefined });
  const gone = (await createTestEmployee(t.db, companyA)).employee;
  await t.db
    .update(employees)
    .set({ isActive: false, status: 'deactivated' })
    .where(eq(employees.id, gone.id));

  const now = new Date();
  const lastMonth = new Date(casablancaMonthBounds(now).start.getTime() - 1000);
  const k: Row = { employeeId: karim.id, at: now };
  const s: Row = { employeeId: salma.id, at: now };
  await t.db.insert(advances).values([
    { ...base(companyA, k.employeeId), amountCentimes: 50_000n, status: 'executed', createdAt: now },
    {
      ...base(companyA, k.employeeId),
      amountCentimes: 30_000n,
      feeCentimes: 1_500n,
      status: 'pending',
      createdAt: now,
    },
    {
      ...base(companyA, s.employeeId),
      amountCentimes: 20_000n,
      feeCentimes: 1_500n,
      status: 'processing',
      createdAt: now,
    },
    { ...base(companyA, s.employeeId), amountCentimes: 90_000n, status: 'canceled', createdAt: now },
    { ...base(companyA, s.employeeId), amountCentimes: 70_000n, status: 'failed', createdAt: now },
    // Last month: not this month's figures, but still pending (counted in pending_advances).
    { ...base(companyA, s.employeeId), amountCentimes: 10_000n, status: 'pending', createdAt: lastMonth },
    {
      ...base(companyB, (await createTestEmployee(t.db, companyB)).employee.id),
      amountCentimes: 99_900n,
      createdAt: now,
    },
  ]);
  const topUp = (
    employeeId: number,
    discounted: bigint,
    status: 'executed' | 'failed' | 'pending',
    at: Date,
  ) => ({
    companyId: companyA,
    employeeId,
    phone: '+212612345678',
    operator: 'iam' as const,
    product: 'iam-50',
    amountCentimes: 5_000n,
    discountedAmountCentimes: discounted,
    status,
    createdAt: at,
  });
  await t.db
    .insert(recharges)
    .values([
      topUp(karim.id, 4_900n, 'executed', now),
      topUp(salma.id, 4_900n, 'pending', now),
      topUp(salma.id, 4_900n, 'failed', now),
      topUp(salma.id, 4_900n, 'executed', lastMonth),
    ]);

  await fundCompanyWallet(t.db, { companyId: companyA, amountCentimes: 1_000_000n });
  const wallet = await getOrCreateAccount(t.db, { companyId: companyA, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(t.db, { companyId: companyA, kind: 'payouts_clearing' });
  await postTransaction(t.db, {
    companyId: companyA,
    type: 'advance',
    title: 'Avance',
    entries: [
      { accountId: wallet.id, amountCentimes: -51_500n },
      { accountId: clearing.id, amountCentimes: 51_500n },
    ],
  });
});
afterAll(() => t.close());

describe('GET /stats/rh', () => {
  it('answers this Casablanca month’s figures from known data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/rh', headers: rhA });
    expect(res.statusCode).toBe(200);
    const { month, year } = casablancaMonth(new Date());
    expect(ZHrStats.parse(res.json())).toEqual({
      month,
      year,
      wallet_balance: '9485.00',
      // RH, Karim, Salma, the plain employee (the invited and the deactivated are left out).
      active_employees: 4,
      employees_with_advance: 2,
      advances_count: 3,
      advances_amount: '1000.00',
      fees_amount: '30.00',
      recharges_count: 2,
      recharges_amount: '98.00',
      bills_count: 0,
      bills_amount: '0.00',
      transfers_count: 0,
      transfers_amount: '0.00',
      pending_advances: 2,
    });
  });

  it('shows each company its own figures; a company with nothing has zeros', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/rh/', headers: rhB });
    expect(res.json()).toMatchObject({
      wallet_balance: '0.00',
      active_employees: 2,
      employees_with_advance: 1,
      advances_count: 1,
      advances_amount: '999.00',
      recharges_count: 0,
      recharges_amount: '0.00',
      bills_count: 0,
      bills_amount: '0.00',
      transfers_count: 0,
      transfers_amount: '0.00',
      pending_advances: 1,
    });
  });

  it('is HR only; /stats/rh/employees still answers beside it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/rh', headers: employeeA })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/rh' })).statusCode).toBe(401);
    const employeesStats = await t.app.inject({
      method: 'GET',
      url: '/api/stats/rh/employees',
      headers: rhA,
    });
    expect(employeesStats.statusCode).toBe(200);
    expect(employeesStats.json().total).toBe(6);
  });

  it('counts by the Casablanca month: midnight UTC since 20 September 2026, 23:00 UTC before', async () => {
    const c = (await createTestCompany(t.db)).id;
    const who = (await createTestEmployee(t.db, c)).employee.id;
    await t.db.insert(advances).values([
      // UTC+00 for good: 23:30 on 31 Oct and 23:59 stay October's, 00:00 UTC is November's.
      { ...base(c, who), amountCentimes: 10_000n, createdAt: new Date('2026-10-31T23:30:00Z') },
      { ...base(c, who), amountCentimes: 1_000n, createdAt: new Date('2026-10-31T23:59:59Z') },
      { ...base(c, who), amountCentimes: 20_000n, createdAt: new Date('2026-11-01T00:00:00Z') },
      // UTC+01 then: 23:30 UTC on 31 August 2026 was 00:30 on 1 September.
      { ...base(c, who), amountCentimes: 300n, createdAt: new Date('2026-08-31T23:30:00Z') },
    ]);
    const august = await hrStats(t.db, c, new Date('2026-08-15T12:00:00Z'));
    const september = await hrStats(t.db, c, new Date('2026-09-15T12:00:00Z'));
    const october = await hrStats(t.db, c, new Date('2026-10-15T12:00:00Z'));
    const november = await hrStats(t.db, c, new Date('2026-11-15T12:00:00Z'));
    expect([august.month, august.advancesCentimes]).toEqual([8, 0n]);
    expect([september.month, september.advancesCentimes]).toEqual([9, 300n]);
    expect([october.month, october.advancesCentimes]).toEqual([10, 11_000n]);
    expect([november.month, november.year, november.advancesCentimes]).toEqual([11, 2026, 20_000n]);
  });
});
