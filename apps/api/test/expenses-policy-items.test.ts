import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from './advances-helpers.ts';
import { addGroup } from './employees-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Category ceilings (GET /expenses/policy_items/, POST …/bulk_save/) and GET /expenses/categories (issue 15, part 3). */
let t: TestApp;
let a: Tenant;
let other: Tenant;
let travel: { id: number };
let otherGroup: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  other = await createTenant(t);
  travel = await addGroup(t, a.company.id, 'Commerciaux');
  otherGroup = await addGroup(t, other.company.id, 'Ailleurs');
});
afterAll(async () => t?.close());

const save = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/expenses/policy_items/bulk_save/',
    headers: auth,
    payload: payload as object,
  });
const get = (auth: Record<string, string>, url: string) =>
  t.app.inject({ method: 'GET', url, headers: auth });
const errors = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; attr: string | null }[] }).errors.map(
    (e) => `${e.attr}:${e.code}`,
  );

describe('category ceilings', () => {
  it('the DRH saves ceilings per group and for the ungrouped, then replaces one; empty = unlimited', async () => {
    const first = await save(a.drh.auth, {
      items: [
        { group: travel.id, category: 'food', ceiling: '150' },
        { group: travel.id, category: 'hotel', ceiling: '600,50' },
        { group: null, category: 'food', ceiling: '100.00' },
        { group: null, category: 'train', ceiling: '' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      first.json().map((i: { category: string; ceiling: string | null }) => [i.category, i.ceiling]),
    ).toEqual([
      ['food', '100.00'],
      ['train', null],
      ['food', '150.00'],
      ['hotel', '600.50'],
    ]);
    const again = await save(a.drh.auth, { items: [{ group: travel.id, category: 'food', ceiling: 180 }] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()[0]).toMatchObject({
      id: first.json()[2].id,
      ceiling: '180.00',
      group: { id: travel.id, name: 'Commerciaux' },
    });

    const page = await get(a.rh.auth, '/api/expenses/policy_items/');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().count).toBe(4);
    const grouped = await get(a.rh.auth, `/api/expenses/policy_items/?group=${travel.id}&limit=1`);
    expect(grouped.json()).toMatchObject({
      count: 2,
      results: [{ category: 'food', category_label: 'Restauration' }],
    });
    expect(grouped.json().next).toContain('offset=1');
    const ungrouped = await get(a.rh.auth, '/api/expenses/policy_items/?ungrouped=true&category=train');
    expect(ungrouped.json()).toMatchObject({ count: 1, results: [{ group: null, ceiling: null }] });
  });

  it('pages by 10 by default', async () => {
    const c = await createTenant(t);
    const groups = await Promise.all([1, 2].map((n) => addGroup(t, c.company.id, `G${n}`)));
    const items = groups.flatMap((g) =>
      ['food', 'hotel', 'bank', 'phone', 'gas-station', 'train', 'plane'].map((category) => ({
        group: g.id,
        category,
        ceiling: '10',
      })),
    );
    expect((await save(c.drh.auth, { items })).statusCode).toBe(200);
    const page = await get(c.drh.auth, '/api/expenses/policy_items/');
    expect(page.json().count).toBe(14);
    expect(page.json().results).toHaveLength(10);
  });

  it('only a DRH writes; an RH reads; an employee does neither', async () => {
    const body = { items: [{ group: null, category: 'bank', ceiling: '5' }] };
    expect((await save(a.rh.auth, body)).statusCode).toBe(403);
    const employee = await a.employee();
    expect((await save(employee.auth, body)).statusCode).toBe(403);
    expect((await get(employee.auth, '/api/expenses/policy_items/')).statusCode).toBe(403);
  });

  it("another company's group does not exist; nor does another company see these ceilings", async () => {
    const response = await save(a.drh.auth, {
      items: [{ group: otherGroup.id, category: 'food', ceiling: '10' }],
    });
    expect(response.statusCode).toBe(400);
    expect(errors(response.body)).toEqual(['items.0.group:does_not_exist']);
    expect((await get(other.drh.auth, '/api/expenses/policy_items/')).json().count).toBe(0);
    expect((await get(other.drh.auth, `/api/expenses/policy_items/?group=${travel.id}`)).json().count).toBe(
      0,
    );
  });

  it('refuses bad input with 400 in French, never a 5xx', async () => {
    const cases: [unknown, string][] = [
      [{ items: [] }, 'items:min_length'],
      [{ items: [{ group: null, category: 'taxi', ceiling: '1' }] }, 'items.0.category:invalid_choice'],
      [{ items: [{ group: 2_147_483_648, category: 'food', ceiling: '1' }] }, 'items.0.group:max_value'],
      [{ items: [{ group: null, category: 'food', ceiling: '-1' }] }, 'items.0.ceiling:invalid'],
      [{ items: [{ group: null, category: 'food', ceiling: '99999999999' }] }, 'items.0.ceiling:invalid'],
      [
        {
          items: [
            { group: null, category: 'food', ceiling: '1' },
            { group: null, category: 'food', ceiling: '2' },
          ],
        },
        'items.1.category:unique',
      ],
    ];
    for (const [payload, expected] of cases) {
      const response = await save(a.drh.auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errors(response.body)).toContain(expected);
    }
    const huge = {
      items: Array.from({ length: 501 }, () => ({ group: null, category: 'food', ceiling: '1' })),
    };
    expect((await save(a.drh.auth, huge)).statusCode).toBe(400);
    expect((await get(a.drh.auth, '/api/expenses/policy_items/?group=99999999999')).statusCode).toBe(400);
  });
});

describe('GET /expenses/categories', () => {
  it("gives every category with the caller's group's ceiling; policy_defined keeps the group's own", async () => {
    const seller = await a.employee({ employee: { groupId: travel.id } });
    const all = await get(seller.auth, '/api/expenses/categories');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().map((c: { id: string }) => c.id)).toEqual([
      'food',
      'hotel',
      'bank',
      'phone',
      'gas-station',
      'train',
      'plane',
    ]);
    expect(all.json()[0]).toEqual({
      id: 'food',
      name: 'Restauration',
      icon: 'food',
      ceiling: '180.00',
      policy_defined: true,
    });
    const defined = await get(seller.auth, '/api/expenses/categories?policy_defined=true');
    expect(defined.json().map((c: { id: string; ceiling: string | null }) => [c.id, c.ceiling])).toEqual([
      ['food', '180.00'],
      ['hotel', '600.50'],
    ]);
    const loner = await a.employee();
    const own = await get(loner.auth, '/api/expenses/categories?policy_defined=1');
    expect(own.json().map((c: { id: string; ceiling: string | null }) => [c.id, c.ceiling])).toEqual([
      ['food', '100.00'],
      ['train', null],
    ]);
    const elsewhere = await other.employee();
    expect((await get(elsewhere.auth, '/api/expenses/categories?policy_defined=true')).json()).toEqual([]);
  });

  it('is off with the feature flag', async () => {
    const off = await createTenant(t, { company: { expensesEnabled: false } });
    const employee = await off.employee();
    expect((await get(employee.auth, '/api/expenses/categories')).statusCode).toBe(403);
  });
});

describe('the policy history of category ceilings', () => {
  type Change = {
    subject: string;
    action: string;
    subject_id: number;
    changed_by: number | null;
    changed_by_name: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  };
  const ceilingChanges = async (auth: Record<string, string>) => {
    const response = await get(auth, '/api/expenses/policy_changes/?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as Change[]).filter((c) => c.subject === 'policy_item');
  };

  it('records who, group, category and old → new for each created or changed ceiling, nothing for an unchanged one', async () => {
    const c = await createTenant(t);
    const sales = await addGroup(t, c.company.id, 'Ventes');
    const first = await save(c.drh.auth, {
      items: [
        { group: sales.id, category: 'food', ceiling: '150' },
        { group: null, category: 'hotel', ceiling: '' },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const created = await ceilingChanges(c.drh.auth);
    expect(created).toHaveLength(2);
    expect(created.every((change) => change.action === 'created' && change.before === null)).toBe(true);
    expect(created.map((change) => change.after)).toEqual(
      expect.arrayContaining([
        {
          group: sales.id,
          group_name: 'Ventes',
          category: 'food',
          category_label: 'Restauration',
          ceiling: '150.00',
        },
        { group: null, group_name: null, category: 'hotel', category_label: 'Hôtel', ceiling: null },
      ]),
    );
    expect(created[0]!.changed_by).toBe(c.drh.user.id);

    // food 150 → 180, hotel unchanged (still unlimited): one more entry, newest first.
    const second = await save(c.drh.auth, {
      items: [
        { group: sales.id, category: 'food', ceiling: '180,00' },
        { group: null, category: 'hotel', ceiling: null },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const changes = await ceilingChanges(c.drh.auth);
    expect(changes).toHaveLength(3);
    expect(changes[0]).toMatchObject({
      action: 'updated',
      subject_id: first.json().find((i: { category: string }) => i.category === 'food').id,
      changed_by: c.drh.user.id,
      before: { group_name: 'Ventes', category: 'food', ceiling: '150.00' },
      after: { group_name: 'Ventes', category: 'food', ceiling: '180.00' },
    });
    expect(changes[0]!.changed_by_name).toBeTruthy();

    // Unlimited → a ceiling, and a ceiling → unlimited, are changes too.
    await save(c.drh.auth, {
      items: [
        { group: null, category: 'hotel', ceiling: '700' },
        { group: sales.id, category: 'food', ceiling: '' },
      ],
    });
    const last = await ceilingChanges(c.drh.auth);
    expect(last).toHaveLength(5);
    expect(last.slice(0, 2).map((change) => [change.before?.ceiling, change.after?.ceiling])).toEqual(
      expect.arrayContaining([
        [null, '700.00'],
        ['180.00', null],
      ]),
    );
  });

  it('a refused save records nothing, and another company never sees these changes', async () => {
    const c = await createTenant(t);
    const d = await createTenant(t);
    const refused = await save(c.drh.auth, {
      items: [
        { group: null, category: 'food', ceiling: '10' },
        { group: otherGroup.id, category: 'food', ceiling: '10' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(await ceilingChanges(c.drh.auth)).toEqual([]);
    expect(
      (await save(c.drh.auth, { items: [{ group: null, category: 'bank', ceiling: '5' }] })).statusCode,
    ).toBe(200);
    expect(await ceilingChanges(c.drh.auth)).toHaveLength(1);
    expect(await ceilingChanges(d.drh.auth)).toEqual([]);
  });
});
