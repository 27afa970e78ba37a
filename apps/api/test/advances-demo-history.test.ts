import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { companies } from '../src/db/schema/companies.ts';
import { terms } from '../src/db/schema/content.ts';
import { employees } from '../src/db/schema/employees.ts';
import { advances, recharges } from '../src/db/schema/money.ts';
import {
  DEMO_COMPANY_NAMES,
  DEMO_LOGINS,
  DEMO_WALLET_FUNDING,
  seedDemoIfEmpty,
} from '../src/db/seed/demo.ts';
import { casablancaMonthBounds } from '../src/modules/spending/state.ts';
import { accountBalance, walletBalance } from './advances-helpers.ts';
import { bearerFor } from './auth-helpers.ts';
import { acceptTerms, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let atlasId: number;

beforeAll(async () => {
  t = await createTestApp();
  // seed-demo.test.ts bounds the time of the whole seed, this history included.
  await seedDemoIfEmpty(t.db);
  const [atlas] = await t.db.select().from(companies).where(eq(companies.name, DEMO_COMPANY_NAMES.atlas));
  atlasId = atlas!.id;
});
afterAll(() => t.close());

async function karim() {
  const [row] = await t.db
    .select({ employeeId: employees.id, userId: users.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.email, DEMO_LOGINS.employee));
  return row!;
}

describe('demo money history (Atlas)', () => {
  it('has about 40 executed advances and 25 executed top-ups over the last 30 days', async () => {
    const rows = await t.db.select().from(advances).where(eq(advances.companyId, atlasId));
    const topUps = await t.db.select().from(recharges).where(eq(recharges.companyId, atlasId));
    const { employeeId } = await karim();
    const others = rows.filter((r) => r.employeeId !== employeeId);
    expect(others.length).toBeGreaterThanOrEqual(30);
    expect(others.length).toBeLessThanOrEqual(40);
    expect(topUps.length).toBeGreaterThanOrEqual(18);
    expect(topUps.length).toBeLessThanOrEqual(25);
    expect([...rows, ...topUps].every((r) => r.status === 'executed' && r.executedAt !== null)).toBe(true);
    const monthAgo = Date.now() - 31 * 86_400_000;
    expect(others.every((r) => r.createdAt.getTime() > monthAgo && r.createdAt.getTime() < Date.now())).toBe(
      true,
    );
    expect(new Set(others.map((r) => r.employeeId)).size).toBeGreaterThan(10);
    // Both free and paid advances, so the fee shows in the wallet.
    expect(others.some((r) => r.isFree) && others.some((r) => !r.isFree)).toBe(true);
  });

  it('gives salarie@demo.ma one or two advances last month only: his current month is untouched', async () => {
    const { employeeId, userId } = await karim();
    const own = await t.db.select().from(advances).where(eq(advances.employeeId, employeeId));
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(own.length).toBeLessThanOrEqual(2);
    const { start } = casablancaMonthBounds(new Date());
    const lastMonth = casablancaMonthBounds(new Date(start.getTime() - 1));
    for (const row of own) {
      expect(row.createdAt >= lastMonth.start && row.createdAt < start).toBe(true);
    }
    expect(await t.db.select().from(recharges).where(eq(recharges.employeeId, employeeId))).toEqual([]);
    // The demo accounts have not accepted the terms yet (the first login shows them).
    for (const { id } of await t.db.select({ id: terms.id }).from(terms)) await acceptTerms(t.db, userId, id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/employees/solde',
      headers: await bearerFor(t, userId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ drawn: '0.00', requests_this_month: 0 });
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
