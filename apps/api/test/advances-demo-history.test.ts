import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { companies } from '../src/db/schema/companies.ts';
import { employees } from '../src/db/schema/employees.ts';
import { advances, recharges } from '../src/db/schema/money.ts';
import {
  DEMO_COMPANY_NAMES,
  DEMO_LOGINS,
  DEMO_WALLET_FUNDING,
  seedDemoIfEmpty,
} from '../src/db/seed/demo.ts';
import { DEMO_ADVANCES, DEMO_TOP_UPS } from '../src/db/seed/demo-money.ts';
import { casablancaDate, startOfDayInCasablanca } from '../src/lib/time.ts';
import { loadEmployeeSolde } from '../src/modules/advances/queries.ts';
import { accountBalance, walletBalance } from './advances-helpers.ts';
import { ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The seed's "now", fixed so the outcome does not depend on when the test runs: the evening of the
 * last day of a month (issue 8 saw this test fail at 21:30 UTC). seed-demo-clock.test.ts checks
 * that other instants give the same counts.
 */
const NOW = new Date('2026-11-30T21:30:00Z');
const TODAY = casablancaDate(NOW);
const MONTH_START = startOfDayInCasablanca(`${TODAY.slice(0, 8)}01`);
const LAST_MONTH_START = startOfDayInCasablanca(
  `${casablancaDate(new Date(MONTH_START.getTime() - 1)).slice(0, 8)}01`,
);

let t: TestApp;
let atlasId: number;

beforeAll(async () => {
  t = await createTestApp();
  // seed-demo.test.ts bounds the time of the whole seed, this history included.
  await seedDemoIfEmpty(t.db, { now: NOW });
  const [atlas] = await t.db.select().from(companies).where(eq(companies.name, DEMO_COMPANY_NAMES.atlas));
  atlasId = atlas!.id;
});
afterAll(() => t.close());

async function karim() {
  const [row] = await t.db
    .select({ employeeId: employees.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.email, DEMO_LOGINS.employee));
  return row!;
}

describe('demo money history (Atlas)', () => {
  it('has 40 executed advances and 25 executed top-ups over the 29 days before today', async () => {
    const rows = await t.db.select().from(advances).where(eq(advances.companyId, atlasId));
    const allTopUps = await t.db.select().from(recharges).where(eq(recharges.companyId, atlasId));
    const { employeeId } = await karim();
    // Karim's own (last month) are checked below.
    const others = rows.filter((r) => r.employeeId !== employeeId);
    const topUps = allTopUps.filter((r) => r.employeeId !== employeeId);
    expect(others).toHaveLength(DEMO_ADVANCES);
    expect(DEMO_ADVANCES).toBe(40);
    expect(topUps).toHaveLength(DEMO_TOP_UPS);
    expect(DEMO_TOP_UPS).toBe(25);
    expect([...rows, ...allTopUps].every((r) => r.status === 'executed' && r.executedAt !== null)).toBe(true);
    // Whole days before today (Casablanca): the 30-day charts, today included, show them all.
    const first = startOfDayInCasablanca(TODAY, -29);
    const today = startOfDayInCasablanca(TODAY);
    for (const r of [...others, ...topUps]) {
      expect(r.createdAt >= first && r.createdAt < today, r.createdAt.toISOString()).toBe(true);
      expect(r.executedAt! >= r.createdAt && r.executedAt! < NOW).toBe(true);
    }
    expect(new Set(others.map((r) => r.employeeId)).size).toBeGreaterThan(10);
    // Both free and paid advances, so the fee shows in the wallet.
    expect(others.some((r) => r.isFree) && others.some((r) => !r.isFree)).toBe(true);
    // Only the operators' mobile lines are topped up.
    expect(topUps.every((r) => /^\+2126\d{8}$/.test(r.phone))).toBe(true);
  });

  it('gives salarie@demo.ma two advances and a top-up last month only: his current month is untouched', async () => {
    const { employeeId } = await karim();
    const own = await t.db.select().from(advances).where(eq(advances.employeeId, employeeId));
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(own.length).toBeLessThanOrEqual(2);
    for (const row of own) {
      expect(row.createdAt >= LAST_MONTH_START && row.createdAt < MONTH_START).toBe(true);
    }
    // The 50 DH top-up of his own line that his notification reports (demo.ts).
    const topUps = await t.db.select().from(recharges).where(eq(recharges.employeeId, employeeId));
    expect(topUps).toEqual([
      expect.objectContaining({
        phone: '+212612345678',
        amountCentimes: 5_000n,
        status: 'executed',
        companyId: atlasId,
      }),
    ]);
    expect(topUps[0]!.createdAt >= LAST_MONTH_START && topUps[0]!.createdAt < MONTH_START).toBe(true);
    // What GET /employees/solde answers him at NOW (the route reads the clock; the query takes it).
    const where = { employeeId, companyId: atlasId };
    expect(await loadEmployeeSolde(t.db, where, NOW)).toMatchObject({
      drawn: '0.00',
      requests_this_month: 0,
    });
    // …while last month, as the app counts it, holds his advances.
    const lastDayOfLastMonth = new Date(MONTH_START.getTime() - 60_000);
    expect(await loadEmployeeSolde(t.db, where, lastDayOfLastMonth)).toMatchObject({
      requests_this_month: own.length,
    });
  });

  it('keeps the ledger and the wallet in agreement', async () => {
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
    const [drawn] = await t.db
      .select({
        advances: sql<string>`(select coalesce(sum(amount_centimes + fee_centimes), 0)::text from advances where company_id = ${atlasId})`,
        topUps: sql<string>`(select coalesce(sum(discounted_amount_centimes), 0)::text from recharges where company_id = ${atlasId})`,
      })
      .from(companies)
      .where(eq(companies.id, atlasId));
    expect(await walletBalance(t, atlasId)).toBe(
      DEMO_WALLET_FUNDING.atlas - BigInt(drawn!.advances) - BigInt(drawn!.topUps),
    );
    expect(await accountBalance(t, atlasId, 'payouts_clearing')).toBe(0n);
    // Every movement is dated like the item it records, after the funding.
    const dated = await t.db.execute(sql`
      select count(*)::int as n from ledger_transactions lt
      join advances a on lt.reference = 'advance:' || a.id
      where lt.type = 'advance' and lt.created_at <> a.created_at`);
    expect((dated.rows[0] as { n: number }).n).toBe(0);
    const order = await t.db.execute(sql`
      select type from ledger_transactions where company_id = ${atlasId} order by created_at, id limit 1`);
    expect((order.rows[0] as { type: string }).type).toBe('wallet_funding');
  });

  it('fits every employee’s rules: nobody is above their monthly ceiling', async () => {
    const perMonth = await t.db.execute(sql`
      select employee_id, count(*)::int as n from advances where company_id = ${atlasId}
      group by employee_id, date_trunc('month', created_at at time zone 'Africa/Casablanca')`);
    const limits = await t.db
      .select({ id: employees.id, max: employees.maxAdvancesPerMonth })
      .from(employees)
      .where(and(eq(employees.companyId, atlasId)));
    const maxOf = new Map(limits.map((l) => [l.id, l.max]));
    for (const row of perMonth.rows as Array<{ employee_id: number; n: number }>) {
      const max = maxOf.get(row.employee_id)!;
      if (max !== -1) expect(row.n).toBeLessThanOrEqual(max);
    }
  });
});
