/**
 * Issue 17: Morocco has been on UTC+00 for good since 2026-09-20 (tzdata 2026c). These tests run
 * on PGlite and, in CI, again on PostgreSQL: the database's own rules, the start-up guard, and the
 * months, limits, deductions and day buckets the API computes around midnight.
 */
import { CASABLANCA_OFFSET_HEADER } from '@tasbiq/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances } from '../src/db/schema/money.ts';
import { casablancaOffsetHeader } from '../src/lib/time.ts';
import {
  CASABLANCA_CHECKPOINTS,
  databaseOffsets,
  findTimeZoneMismatches,
  guardTimeZoneRules,
  nodeOffsets,
} from '../src/lib/time-zone-guard.ts';
import { dailyAdvanceStats } from '../src/modules/advances/queries.ts';
import { loadSpendingState } from '../src/modules/spending/state.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The offsets Node 20 (tz 2025c) and Debian's tzdata 2025b gave: UTC+01 after 20 September 2026. */
const outdatedRules = () => [60, 60, 0];

async function employeeWithAdvances(executedAt: string[]) {
  const company = await createTestCompany(t.db);
  const { employee, user } = await createTestEmployee(t.db, company.id, {
    employee: { salaryCentimes: 1_000_000n },
  });
  for (const at of executedAt)
    await t.db.insert(advances).values({
      companyId: company.id,
      employeeId: employee.id,
      amountCentimes: 10_000n,
      feeCentimes: 0n,
      isFree: true,
      payoutMethod: 'rib',
      status: 'executed',
      createdAt: new Date(at),
      executedAt: new Date(at),
    });
  return { company, employee, user };
}

describe('the database’s Africa/Casablanca rules', () => {
  it('agree with Node’s at the known instants (UTC+00 now, UTC+01 in 2025, UTC+00 in Ramadan 2026)', async () => {
    const instants = CASABLANCA_CHECKPOINTS.map((c) => c.at);
    expect(await databaseOffsets(t.db)(instants)).toEqual([0, 60, 0]);
    expect(nodeOffsets(instants)).toEqual([0, 60, 0]);
    expect(await findTimeZoneMismatches({ node: nodeOffsets, database: databaseOffsets(t.db) })).toEqual([]);
  });
});

describe('the start-up guard', () => {
  it('lets a machine with the current rules start, silently', async () => {
    const warnings: string[] = [];
    const driver = t.ctx.database.driver;
    await expect(
      guardTimeZoneRules({ db: t.db, driver, production: true, warn: (m) => warnings.push(m) }),
    ).resolves.toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('refuses to start in production when the database has the old rules, naming what to update', async () => {
    const start = guardTimeZoneRules({
      db: t.db,
      driver: 'pg',
      production: true,
      warn: () => {},
      readers: { database: outdatedRules },
    });
    await expect(start).rejects.toThrow(/Refusing to start/);
    await expect(start).rejects.toThrow(/2026-10-31T23:30:00Z: UTC\+01:00 instead of UTC\+00:00/);
    await expect(start).rejects.toThrow(/apt-get install tzdata/);
  });

  it('warns loudly in development when Node has the old rules, and names the pinned Node', async () => {
    const warnings: string[] = [];
    const mismatches = await guardTimeZoneRules({
      db: t.db,
      driver: 'pglite',
      production: false,
      warn: (m) => warnings.push(m),
      readers: { node: outdatedRules },
    });
    expect(mismatches).toEqual([
      expect.objectContaining({
        side: 'node',
        at: '2026-10-31T23:30:00Z',
        expectedMinutes: 0,
        actualMinutes: 60,
      }),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Moroccan time is WRONG/);
    expect(warnings[0]).toMatch(/Node\.js/);
    expect(warnings[0]).toMatch(/npm ci/);
  });
});

describe('the API’s months and days around midnight', () => {
  it('tells every response Casablanca’s offset now', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers[CASABLANCA_OFFSET_HEADER]).toMatch(/^[+-]\d{2}:\d{2}$/);
    expect(res.headers[CASABLANCA_OFFSET_HEADER]).toBe(casablancaOffsetHeader());
  });

  it('puts an advance paid at 23:30 UTC on 31 October 2026 on October’s deduction statement', async () => {
    const { company } = await employeeWithAdvances(['2026-10-31T23:30:00Z', '2026-11-01T00:00:00Z']);
    const rh = await bearerFor(t, (await createTestEmployee(t.db, company.id, { roles: ['RH'] })).user.id);
    const month = async (m: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/payroll/deductions/?month=${m}&year=2026`,
          headers: rh,
        })
      ).json();
    expect((await month(10)).totals).toMatchObject({ advances_count: 1, advances_amount: '100.00' });
    expect((await month(11)).totals).toMatchObject({ advances_count: 1, advances_amount: '100.00' });
  });

  it('resets a month’s limits at midnight Casablanca, which is midnight UTC since the change', async () => {
    const { company, employee } = await employeeWithAdvances(['2026-10-31T23:30:00Z']);
    const ids = { companyId: company.id, employeeId: employee.id };
    const before = await loadSpendingState(t.db, ids, new Date('2026-10-31T23:59:59Z'));
    const after = await loadSpendingState(t.db, ids, new Date('2026-11-01T00:00:00Z'));
    expect([before?.advancesThisMonth, before?.drawnCentimes, before?.month.month]).toEqual([1, 10_000n, 10]);
    expect([after?.advancesThisMonth, after?.drawnCentimes, after?.month.month]).toEqual([0, 0n, 11]);
  });

  it('counts a day’s advances up to midnight Casablanca, on both sides of 20 September 2026', async () => {
    const { company } = await employeeWithAdvances([
      '2026-10-31T23:30:00Z', // 31 October, 23:30
      '2026-09-19T23:30:00Z', // UTC+01 then: 20 September, 00:30
    ]);
    const november = await dailyAdvanceStats(t.db, company.id, 2, new Date('2026-11-01T12:00:00Z'));
    expect(november.map((d) => [d.date, d.count])).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 0],
    ]);
    const september = await dailyAdvanceStats(t.db, company.id, 3, new Date('2026-09-21T12:00:00Z'));
    expect(september.map((d) => [d.date, d.count])).toEqual([
      ['2026-09-19', 0],
      ['2026-09-20', 1],
      ['2026-09-21', 0],
    ]);
  });
});
