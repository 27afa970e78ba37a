import { ZAdvance } from '@tasbiq/contracts/advances';
import { paginated } from '@tasbiq/contracts/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recharges } from '../src/db/schema/money.ts';
import { createTenant, get, type Person, post, type Tenant } from './advances-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * HR's advance list counts exactly up to LIST_EXACT_COUNT_LIMIT rows (10,000; 3 here) and past it
 * answers the planner's estimate with `count_is_estimate: true` (decision 027). Every other
 * envelope is unchanged: no `count_is_estimate` key at all.
 */
let t: TestApp;
let a: Tenant;
let karim: Person;
const ZPage = paginated(ZAdvance);

async function list(auth: Record<string, string>, query = '', path = 'advances') {
  const res = await get(t, `/api/${path}/${query ? `?${query}` : ''}`, auth);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  if (path === 'advances') ZPage.parse(body);
  return body as {
    count: number;
    count_is_estimate?: boolean;
    next: string | null;
    results: { id: number }[];
  };
}

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 3600, LIST_EXACT_COUNT_LIMIT: 3 });
  a = await createTenant(t);
  karim = await a.employee({
    firstName: 'Karim',
    lastName: 'Benjelloun',
    employee: { totalMaxAdvancePerMonthCentimes: 10_000_000n },
    netPayable: 3_000_000n,
  });
  for (const amount of [100, 110, 120, 130, 140]) {
    const res = await post(t, '/api/advances/', karim.auth, { amount });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Two canceled, three pending: exactly the threshold.
  for (const { id } of (await list(karim.auth, 'limit=2')).results) {
    const res = await post(t, `/api/advances/${id}/cancel/`, karim.auth, { reason: 'Erreur de montant' });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('HR top-up and transaction lists past the threshold', () => {
  beforeAll(async () => {
    await t.db.insert(recharges).values(
      (['executed', 'executed', 'executed', 'failed', 'failed'] as const).map((status) => ({
        companyId: a.company.id,
        employeeId: karim.employee.id,
        phone: '+212612345678',
        operator: 'iam' as const,
        product: 'iam-50',
        amountCentimes: 5_000n,
        discountedAmountCentimes: 5_000n,
        status,
      })),
    );
  });

  it('an estimate past 3 top-ups, the exact count at 3', async () => {
    const all = await list(a.rh.auth, 'limit=2', 'recharges');
    expect(all.count_is_estimate).toBe(true);
    expect(all.count).toBeGreaterThanOrEqual(4);
    expect(all.results).toHaveLength(2);
    const executed = await list(a.rh.auth, 'status=executed', 'recharges');
    expect(executed.count).toBe(3);
    expect(executed).not.toHaveProperty('count_is_estimate');
    expect((await list(a.rh.auth, 'search=benjelloun&status=failed', 'recharges')).count).toBe(2);
  });

  it('the company transactions (advances and top-ups): an estimate past 3, exact under', async () => {
    const all = await list(a.rh.auth, 'limit=2', 'transactions');
    expect(all.count_is_estimate).toBe(true);
    expect(all.count).toBeGreaterThanOrEqual(4);
    expect(all.results).toHaveLength(2);
    const failed = await list(a.rh.auth, 'type=recharge&status=failed', 'transactions');
    expect(failed.count).toBe(2);
    expect(failed).not.toHaveProperty('count_is_estimate');
  });
});

describe('list counts past the exact-count threshold', () => {
  it('HR past the threshold: an estimate, said so, and the pages still link on', async () => {
    const page = await list(a.rh.auth, 'limit=2');
    expect(page.count_is_estimate).toBe(true);
    expect(page.count).toBeGreaterThanOrEqual(4);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=2');
  });

  it('HR under the threshold (a filter leaves 2 rows): the exact count, no key', async () => {
    const page = await list(a.rh.auth, 'status=canceled');
    expect(page.count).toBe(2);
    expect(page).not.toHaveProperty('count_is_estimate');
  });

  it('HR exactly at the threshold (3 pending): still exact', async () => {
    const page = await list(a.rh.auth, 'status=pending&limit=1');
    expect(page.count).toBe(3);
    expect(page).not.toHaveProperty('count_is_estimate');
    expect((await list(a.rh.auth, 'status=pending&offset=10')).count).toBe(3);
  });

  it('a page past the end past the threshold is an estimate too', async () => {
    const page = await list(a.rh.auth, 'offset=100');
    expect(page.results).toEqual([]);
    expect(page.count_is_estimate).toBe(true);
    expect(page.count).toBeGreaterThanOrEqual(4);
  });

  it('an employee’s own list is always counted', async () => {
    const page = await list(karim.auth);
    expect(page.count).toBe(5);
    expect(page).not.toHaveProperty('count_is_estimate');
  });
});
