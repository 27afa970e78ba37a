import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expensesSharingDaysQuery } from '../src/modules/expenses/queries.ts';
import { createTenant, type Person, type Tenant } from './advances-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The same-day sharing of ceilings reads an employee's expenses on given days for every listed
 * expense and every report: the (company_id, employee_id, expense_date) index (migration 0026)
 * answers it, on PGlite and on PostgreSQL.
 */
let t: TestApp;
let a: Tenant;
let me: Person;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  me = await a.employee();
  // Two years of daily expenses for this employee: the days asked are a small part of them.
  await t.db.execute(sql`
    insert into expenses (company_id, employee_id, title, category, expense_date, amount_centimes)
    select ${a.company.id}, ${me.employee.id}, 'Repas ' || i, 'food', date '2025-01-01' + i, 4500
    from generate_series(0, 729) as i`);
  await t.db.execute(sql`analyze expenses`);
});
afterAll(async () => t?.close());

describe('expenses sharing a day', () => {
  it('are found through the (company, employee, date) index', async () => {
    const query = expensesSharingDaysQuery(
      t.db,
      a.company.id,
      [me.employee.id],
      ['2026-03-02', '2026-03-03'],
    );
    expect(await query).toHaveLength(2);
    const { rows } = await t.db.execute(sql`explain ${query}`);
    const plan = (rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan, plan).toMatch(/expenses_company_employee_date_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on expenses/);
  });
});
