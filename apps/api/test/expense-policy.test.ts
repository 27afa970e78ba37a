import {
  ZAdvanceLimit,
  ZOwnAdvanceLimit,
  ZPolicyChange,
  ZTravelPolicy,
} from '@tasbiq/contracts/expense-policy';
import { paginated } from '@tasbiq/contracts/wire';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { companies } from '../src/db/schema/companies.ts';
import { missionAdvanceCeiling } from '../src/modules/expense-policy/ceiling.ts';
import { saveAdvanceLimit } from '../src/modules/expense-policy/service.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The budget policy's calls (spec §7 advance_limit, travel_policies; issue 14) as attacks too. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CASA = 1;
const AGADIR = 84;
const MARRAKECH = 38;

async function company() {
  const row = await createTestCompany(t.db);
  const sales = await createGroup(t.db, row.id, { name: 'Commerciaux' });
  const tech = await createGroup(t.db, row.id, { name: 'Techniciens' });
  const drh = await createTestEmployee(t.db, row.id, {
    roles: ['DRH'],
    firstName: 'Nadia',
    lastName: 'Bennani',
  });
  const rh = await createTestEmployee(t.db, row.id, { roles: ['RH'] });
  const seller = await createTestEmployee(t.db, row.id, { employee: { groupId: sales.id } });
  const plain = await createTestEmployee(t.db, row.id);
  return {
    id: row.id,
    sales,
    tech,
    drhUserId: drh.user.id,
    sellerId: seller.employee.id,
    drh: await bearerFor(t, drh.user.id),
    rh: await bearerFor(t, rh.user.id),
    seller: await bearerFor(t, seller.user.id),
    plain: await bearerFor(t, plain.user.id),
  };
}
type Company = Awaited<ReturnType<typeof company>>;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, payload });

const limits = async (c: Company) => {
  const response = await call('GET', '/expenses/advance_limit/', c.rh);
  expect(response.statusCode).toBe(200);
  return z.array(ZAdvanceLimit).parse(response.json());
};

const history = async (c: Company) => {
  const response = await call('GET', '/expenses/policy_changes/?limit=100', c.drh);
  expect(response.statusCode).toBe(200);
  return paginated(ZPolicyChange).parse(response.json()).results;
};

describe('advance limits', () => {
  it('lists the ungrouped line then every group, and the DRH sets them one by one', async () => {
    const c = await company();
    const before = await limits(c);
    expect(before.map((line) => [line.group_name, line.amount])).toEqual([
      [null, null],
      ['Commerciaux', null],
      ['Techniciens', null],
    ]);
    expect(before[1]!.employee_count).toBe(1);

    const created = await call('POST', '/expenses/advance_limit/', c.drh, { group: null, amount: '1000' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ group: null, amount: '1000.00' });
    const replaced = await call('POST', '/expenses/advance_limit', c.drh, {
      group: c.sales.id,
      amount: 3000,
    });
    expect(replaced.statusCode).toBe(201);
    const again = await call('POST', '/expenses/advance_limit', c.drh, {
      group: c.sales.id,
      amount: '2 500',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ group: c.sales.id, group_name: 'Commerciaux', amount: '2500.00' });

    expect((await limits(c)).map((line) => line.amount)).toEqual(['1000.00', '2500.00', null]);
    const ceiling = await missionAdvanceCeiling(t.db, {
      companyId: c.id,
      employeeId: c.sellerId,
      departureCityId: CASA,
      arrivalCityId: AGADIR,
    });
    expect(ceiling.limitCentimes).toBe(250_000);
  });

  it('refuses a limit under 200 DH, a bad amount, an unknown or foreign group', async () => {
    const c = await company();
    const other = await company();
    const low = await call('POST', '/expenses/advance_limit/', c.drh, { group: null, amount: '199' });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors[0]).toMatchObject({ attr: 'amount', code: 'min_value' });
    expect(low.json().errors[0].detail).toContain('200');
    for (const amount of ['abc', '-500', '200.50', 1e12, null]) {
      const bad = await call('POST', '/expenses/advance_limit/', c.drh, { group: null, amount });
      expect(bad.statusCode, String(amount)).toBe(400);
    }
    const foreign = await call('POST', '/expenses/advance_limit/', c.drh, {
      group: other.sales.id,
      amount: '500',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ attr: 'group', code: 'does_not_exist' });
    const huge = await call('POST', '/expenses/advance_limit/', c.drh, {
      group: 99_999_999_999,
      amount: '500',
    });
    expect(huge.statusCode).toBe(400);
    expect(await history(c)).toEqual([]);
    expect((await limits(other)).every((line) => line.amount === null)).toBe(true);
  });

  it('bulk_save sets, replaces and removes, all or none', async () => {
    const c = await company();
    const saved = await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, {
      limits: [
        { group: null, amount: '800' },
        { group: c.sales.id, amount: '3000' },
        { group: c.tech.id, amount: '1500' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().map((line: { amount: string | null }) => line.amount)).toEqual([
      '800.00',
      '3000.00',
      '1500.00',
    ]);

    const bad = await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, {
      limits: [
        { group: c.tech.id, amount: null },
        { group: c.sales.id, amount: '100' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ attr: 'limits.1.amount', code: 'min_value' });
    const twice = await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, {
      limits: [
        { group: c.tech.id, amount: null },
        { group: c.tech.id, amount: '900' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ attr: 'limits.1.group', code: 'unique' });
    // Nothing of the refused calls was applied.
    expect((await limits(c)).map((line) => line.amount)).toEqual(['800.00', '3000.00', '1500.00']);

    const removed = await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, {
      limits: [
        { group: c.tech.id, amount: null },
        { group: c.sales.id, amount: '3000' },
      ],
    });
    expect(removed.statusCode).toBe(200);
    expect((await limits(c)).map((line) => line.amount)).toEqual(['800.00', '3000.00', null]);
    const tooMany = await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, {
      limits: Array.from({ length: 1001 }, () => ({ group: null, amount: '500' })),
    });
    expect(tooMany.statusCode).toBe(400);
    const empty = await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, { limits: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps one limit when saves of it arrive at once (PostgreSQL: the policy lock)', async () => {
    const c = await company();
    const amounts = ['600', '700', '800', '900', '1000', '1100', '1200', '1300'];
    const outcomes = await Promise.allSettled(
      amounts.map((amount) =>
        saveAdvanceLimit(
          t.db,
          { companyId: c.id, userId: c.drhUserId, now: new Date('2026-11-24T10:00:00Z') },
          { group: c.tech.id, amount: `${amount}.00` },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const created = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.created);
    expect(created).toHaveLength(1);
    const tech = (await limits(c)).find((line) => line.group === c.tech.id)!;
    expect(amounts.map((amount) => `${amount}.00`)).toContain(tech.amount);
    const changes = await history(c);
    expect(changes).toHaveLength(amounts.length);
    // Each change starts from what the previous one left (same "now": newest first by id).
    const chain = [...changes].reverse();
    for (let index = 1; index < chain.length; index += 1)
      expect(chain[index]!.before).toEqual(chain[index - 1]!.after);
  });

  it("answers the caller's own limit: their group's, else the ungrouped one", async () => {
    const c = await company();
    const none = await call('GET', '/expenses/advance_limit/group', c.seller);
    expect(none.statusCode).toBe(200);
    expect(ZOwnAdvanceLimit.parse(none.json())).toEqual({
      group: c.sales.id,
      group_name: 'Commerciaux',
      amount: null,
    });
    await call('POST', '/expenses/advance_limit/', c.drh, { group: null, amount: '700' });
    expect((await call('GET', '/expenses/advance_limit/group', c.seller)).json().amount).toBe('700.00');
    expect((await call('GET', '/expenses/advance_limit/group', c.plain)).json()).toEqual({
      group: null,
      group_name: null,
      amount: '700.00',
    });
    await call('POST', '/expenses/advance_limit/', c.drh, { group: c.sales.id, amount: '2000' });
    expect((await call('GET', '/expenses/advance_limit/group', c.seller)).json().amount).toBe('2000.00');
  });
});

describe('travel policies', () => {
  it('the DRH creates, edits and deletes them; the most specific route wins', async () => {
    const c = await company();
    const created = await call('POST', '/expenses/travel_policies/bulk_create/', c.drh, {
      policies: [
        { departure_city: null, arrival_city: null, ceiling: '500' },
        { departure_city: CASA, arrival_city: AGADIR, ceiling: '2000' },
        { departure_city: null, arrival_city: AGADIR, ceiling: '1500' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const rows = z.array(ZTravelPolicy).parse(created.json());
    expect(rows[1]).toMatchObject({
      departure_city: CASA,
      departure_city_name: 'Casablanca',
      arrival_city: AGADIR,
      arrival_city_name: 'Agadir',
      ceiling: '2000.00',
    });

    const list = await call('GET', '/expenses/travel_policies/', c.rh);
    expect(list.statusCode).toBe(200);
    const page = paginated(ZTravelPolicy).parse(list.json());
    expect(page.count).toBe(3);
    expect(page.results.map((row) => [row.departure_city, row.arrival_city])).toEqual([
      [null, null],
      [null, AGADIR],
      [CASA, AGADIR],
    ]);

    const route = (departureCityId: number, arrivalCityId: number) =>
      missionAdvanceCeiling(t.db, {
        companyId: c.id,
        employeeId: c.sellerId,
        departureCityId,
        arrivalCityId,
      });
    expect((await route(CASA, AGADIR)).routeCeilingCentimes).toBe(200_000);
    expect((await route(MARRAKECH, AGADIR)).routeCeilingCentimes).toBe(150_000);
    expect((await route(AGADIR, CASA)).routeCeilingCentimes).toBe(50_000);

    const edited = await call('PUT', `/expenses/travel_policies/${rows[1]!.id}/`, c.drh, {
      departure_city: CASA,
      arrival_city: AGADIR,
      ceiling: '2200',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().ceiling).toBe('2200.00');
    const clash = await call('PUT', `/expenses/travel_policies/${rows[1]!.id}/`, c.drh, {
      departure_city: null,
      arrival_city: AGADIR,
      ceiling: '2200',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors[0]).toMatchObject({ attr: 'arrival_city', code: 'unique' });

    const deleted = await call('DELETE', `/expenses/travel_policies/${rows[2]!.id}/`, c.drh);
    expect(deleted.statusCode).toBe(204);
    expect((await route(MARRAKECH, AGADIR)).routeCeilingCentimes).toBe(50_000);
    expect((await call('DELETE', `/expenses/travel_policies/${rows[2]!.id}/`, c.drh)).statusCode).toBe(404);
  });

  it('refuses a route already set, twice in one call, unknown cities and low ceilings, all or none', async () => {
    const c = await company();
    await call('POST', '/expenses/travel_policies/bulk_create/', c.drh, {
      policies: [{ departure_city: CASA, arrival_city: null, ceiling: '900' }],
    });
    const cases: [object[], string, string][] = [
      [[{ departure_city: CASA, arrival_city: null, ceiling: '900' }], 'policies.0.arrival_city', 'unique'],
      [
        [
          { departure_city: AGADIR, arrival_city: CASA, ceiling: '900' },
          { departure_city: AGADIR, arrival_city: CASA, ceiling: '800' },
        ],
        'policies.1.arrival_city',
        'unique',
      ],
      [
        [{ departure_city: 99_999, arrival_city: CASA, ceiling: '900' }],
        'policies.0.departure_city',
        'does_not_exist',
      ],
      [
        [{ departure_city: CASA, arrival_city: 5_000, ceiling: '900' }],
        'policies.0.arrival_city',
        'does_not_exist',
      ],
      [[{ departure_city: CASA, arrival_city: AGADIR, ceiling: '150' }], 'policies.0.ceiling', 'min_value'],
      [
        [{ departure_city: 'Casablanca', arrival_city: AGADIR, ceiling: '900' }],
        'policies.0.departure_city',
        'invalid',
      ],
    ];
    for (const [policies, attr, code] of cases) {
      const response = await call('POST', '/expenses/travel_policies/bulk_create/', c.drh, { policies });
      expect(response.statusCode, attr).toBe(400);
      expect(response.json().errors[0], attr).toMatchObject({ attr, code });
    }
    const tooMany = await call('POST', '/expenses/travel_policies/bulk_create/', c.drh, {
      policies: Array.from({ length: 101 }, (_, index) => ({
        departure_city: index + 1,
        arrival_city: null,
        ceiling: '900',
      })),
    });
    expect(tooMany.statusCode).toBe(400);
    const list = await call('GET', '/expenses/travel_policies/', c.drh);
    expect(list.json().count).toBe(1);
  });

  it("never shows nor touches another company's policies", async () => {
    const a = await company();
    const b = await company();
    const created = await call('POST', '/expenses/travel_policies/bulk_create/', b.drh, {
      policies: [{ departure_city: CASA, arrival_city: AGADIR, ceiling: '900' }],
    });
    const id = created.json()[0].id;
    expect((await call('GET', '/expenses/travel_policies/', a.drh)).json().count).toBe(0);
    const body = { departure_city: CASA, arrival_city: AGADIR, ceiling: '300' };
    expect((await call('PUT', `/expenses/travel_policies/${id}/`, a.drh, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/expenses/travel_policies/${id}/`, a.drh)).statusCode).toBe(404);
    expect((await call('PUT', '/expenses/travel_policies/99999999999/', a.drh, body)).statusCode).toBe(404);
    expect((await call('DELETE', '/expenses/travel_policies/abc/', a.drh)).statusCode).toBe(404);
    // A's own route of the same cities is its own.
    const own = await call('POST', '/expenses/travel_policies/bulk_create/', a.drh, { policies: [body] });
    expect(own.statusCode).toBe(201);
    expect((await call('GET', '/expenses/travel_policies/', b.drh)).json().results[0].ceiling).toBe('900.00');
    expect(await history(a)).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('DRH only writes the policy; RH reads it; an employee neither', async () => {
    const c = await company();
    const writes: [string, string, object | undefined][] = [
      ['POST', '/expenses/advance_limit/', { group: null, amount: '500' }],
      ['POST', '/expenses/advance_limit/bulk_save/', { limits: [{ group: null, amount: '500' }] }],
      [
        'POST',
        '/expenses/travel_policies/bulk_create/',
        { policies: [{ departure_city: null, arrival_city: null, ceiling: '500' }] },
      ],
      ['PUT', '/expenses/travel_policies/1/', { departure_city: null, arrival_city: null, ceiling: '500' }],
      ['DELETE', '/expenses/travel_policies/1/', undefined],
    ];
    for (const [method, url, body] of writes) {
      for (const who of [c.rh, c.plain]) {
        const response = await call(method as 'POST', url, who, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().errors[0].code).toBe('permission_denied');
      }
    }
    for (const url of [
      '/expenses/advance_limit/',
      '/expenses/travel_policies/',
      '/expenses/policy_changes/',
    ]) {
      expect((await call('GET', url, c.rh)).statusCode, url).toBe(200);
      expect((await call('GET', url, c.plain)).statusCode, url).toBe(403);
    }
    expect((await call('GET', '/expenses/advance_limit/', { authorization: 'Bearer nope' })).statusCode).toBe(
      401,
    );
    expect(await history(c)).toEqual([]);
  });

  it('answers 403 on every call when the company has the expenses feature off', async () => {
    const c = await company();
    await t.db.update(companies).set({ expensesEnabled: false }).where(eq(companies.id, c.id));
    for (const [method, url] of [
      ['GET', '/expenses/advance_limit/'],
      ['POST', '/expenses/advance_limit/'],
      ['GET', '/expenses/advance_limit/group'],
      ['GET', '/expenses/travel_policies/'],
      ['GET', '/expenses/policy_changes/'],
      ['GET', '/expenses/validators/'],
    ] as const) {
      const response = await call(method, url, method === 'GET' && url.endsWith('group') ? c.seller : c.drh, {
        group: null,
        amount: '500',
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('history', () => {
  it('records who, when, before and after of every change, newest first, per company', async () => {
    const c = await company();
    const other = await company();
    await call('POST', '/expenses/advance_limit/', c.drh, { group: c.sales.id, amount: '1000' });
    await call('POST', '/expenses/advance_limit/', c.drh, { group: c.sales.id, amount: '1000' });
    await call('POST', '/expenses/advance_limit/', c.drh, { group: c.sales.id, amount: '1200' });
    const [policy] = (
      await call('POST', '/expenses/travel_policies/bulk_create/', c.drh, {
        policies: [{ departure_city: CASA, arrival_city: null, ceiling: '600' }],
      })
    ).json();
    await call('DELETE', `/expenses/travel_policies/${policy.id}/`, c.drh);
    await call('POST', '/expenses/advance_limit/bulk_save/', c.drh, {
      limits: [{ group: c.sales.id, amount: null }],
    });

    const changes = await history(c);
    // The same amount saved again changes nothing and is not recorded.
    expect(changes.map((row) => `${row.subject}:${row.action}`)).toEqual([
      'advance_limit:deleted',
      'travel_policy:deleted',
      'travel_policy:created',
      'advance_limit:updated',
      'advance_limit:created',
    ]);
    expect(changes[3]).toMatchObject({
      changed_by: c.drhUserId,
      changed_by_name: 'Nadia Bennani',
      before: { group: c.sales.id, group_name: 'Commerciaux', amount: '1000.00' },
      after: { group: c.sales.id, group_name: 'Commerciaux', amount: '1200.00' },
    });
    expect(changes[1]).toMatchObject({
      before: {
        departure_city: CASA,
        departure_city_name: 'Casablanca',
        arrival_city: null,
        ceiling: '600.00',
      },
      after: null,
    });
    expect(await history(other)).toEqual([]);
  });
});
