import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { advanceLimits, expenseValidators, travelPolicies } from '../src/db/schema/expense-policy.ts';
import { missionAdvanceCeiling } from '../src/modules/expense-policy/ceiling.ts';
import {
  isExpenseValidator,
  listExpenseValidatorIds,
} from '../src/modules/expense-validators/is-validator.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The two functions the mission orders call: the advance ceiling and "is a validator". */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CASA = 1;
const AGADIR = 84;
const RABAT = 14;
const DH = 100;

async function company() {
  const row = await createTestCompany(t.db);
  const group = await createGroup(t.db, row.id, { name: 'Commerciaux' });
  const other = await createGroup(t.db, row.id, { name: 'Techniciens' });
  const grouped = await createTestEmployee(t.db, row.id, { password: null, employee: { groupId: group.id } });
  const inOther = await createTestEmployee(t.db, row.id, { password: null, employee: { groupId: other.id } });
  const ungrouped = await createTestEmployee(t.db, row.id, { password: null });
  return {
    id: row.id,
    group,
    other,
    grouped: grouped.employee.id,
    inOther: inOther.employee.id,
    ungrouped: ungrouped.employee.id,
  };
}

const limit = (companyId: number, groupId: number | null, dh: number) =>
  t.db.insert(advanceLimits).values({ companyId, groupId, amountCentimes: BigInt(dh * DH) });
const policy = (
  companyId: number,
  departureCityId: number | null,
  arrivalCityId: number | null,
  dh: number,
) =>
  t.db
    .insert(travelPolicies)
    .values({ companyId, departureCityId, arrivalCityId, ceilingCentimes: BigInt(dh * DH) });
const route = (
  companyId: number,
  employeeId: number,
  departureCityId: number | null,
  arrivalCityId: number | null,
) => missionAdvanceCeiling(t.db, { companyId, employeeId, departureCityId, arrivalCityId });

describe('missionAdvanceCeiling', () => {
  it('answers null everywhere when nothing is set', async () => {
    const c = await company();
    expect(await route(c.id, c.grouped, CASA, AGADIR)).toEqual({
      limitCentimes: null,
      routeCeilingCentimes: null,
      ceilingCentimes: null,
    });
  });

  it("takes the group's limit, else the ungrouped one", async () => {
    const c = await company();
    await limit(c.id, null, 1000);
    await limit(c.id, c.group.id, 3000);
    expect((await route(c.id, c.grouped, CASA, AGADIR)).limitCentimes).toBe(3000 * DH);
    // A group without its own limit falls back on the ungrouped one.
    expect((await route(c.id, c.inOther, CASA, AGADIR)).limitCentimes).toBe(1000 * DH);
    expect((await route(c.id, c.ungrouped, CASA, AGADIR)).limitCentimes).toBe(1000 * DH);
  });

  it('has no limit for a grouped employee when only another group has one', async () => {
    const c = await company();
    await limit(c.id, c.group.id, 3000);
    expect((await route(c.id, c.inOther, CASA, AGADIR)).limitCentimes).toBeNull();
    expect((await route(c.id, c.ungrouped, CASA, AGADIR)).limitCentimes).toBeNull();
  });

  it('picks the most specific travel policy: both cities, then one, then any/any', async () => {
    const c = await company();
    await policy(c.id, null, null, 500);
    expect((await route(c.id, c.grouped, CASA, AGADIR)).routeCeilingCentimes).toBe(500 * DH);
    await policy(c.id, null, AGADIR, 2500);
    expect((await route(c.id, c.grouped, CASA, AGADIR)).routeCeilingCentimes).toBe(2500 * DH);
    // Departure named beats arrival named at equal specificity.
    await policy(c.id, CASA, null, 2000);
    expect((await route(c.id, c.grouped, CASA, AGADIR)).routeCeilingCentimes).toBe(2000 * DH);
    await policy(c.id, CASA, AGADIR, 4000);
    expect((await route(c.id, c.grouped, CASA, AGADIR)).routeCeilingCentimes).toBe(4000 * DH);
    // Other routes still take what matches them.
    expect((await route(c.id, c.grouped, RABAT, AGADIR)).routeCeilingCentimes).toBe(2500 * DH);
    expect((await route(c.id, c.grouped, CASA, RABAT)).routeCeilingCentimes).toBe(2000 * DH);
    expect((await route(c.id, c.grouped, RABAT, CASA)).routeCeilingCentimes).toBe(500 * DH);
    // An order with no city set only matches policies for "any".
    expect((await route(c.id, c.grouped, null, null)).routeCeilingCentimes).toBe(500 * DH);
    expect((await route(c.id, c.grouped, null, AGADIR)).routeCeilingCentimes).toBe(2500 * DH);
  });

  it('gives the smaller of the limit and the route ceiling', async () => {
    const c = await company();
    await limit(c.id, c.group.id, 3000);
    await policy(c.id, CASA, AGADIR, 2000);
    expect(await route(c.id, c.grouped, CASA, AGADIR)).toEqual({
      limitCentimes: 3000 * DH,
      routeCeilingCentimes: 2000 * DH,
      ceilingCentimes: 2000 * DH,
    });
    expect(await route(c.id, c.grouped, RABAT, AGADIR)).toEqual({
      limitCentimes: 3000 * DH,
      routeCeilingCentimes: null,
      ceilingCentimes: 3000 * DH,
    });
  });

  it("never reads another company's policy or employee", async () => {
    const a = await company();
    const b = await company();
    await limit(b.id, null, 900);
    await policy(b.id, null, null, 700);
    expect((await route(a.id, a.ungrouped, CASA, AGADIR)).ceilingCentimes).toBeNull();
    await limit(a.id, null, 1000);
    // B's employee asked through A's company: no limit (not A's employee), and A's routes only.
    expect(await route(a.id, b.ungrouped, CASA, AGADIR)).toEqual({
      limitCentimes: null,
      routeCeilingCentimes: null,
      ceilingCentimes: null,
    });
  });

  it('works inside a transaction', async () => {
    const c = await company();
    await limit(c.id, null, 1200);
    const answer = await t.db.transaction((tx) =>
      missionAdvanceCeiling(tx, {
        companyId: c.id,
        employeeId: c.ungrouped,
        departureCityId: CASA,
        arrivalCityId: null,
      }),
    );
    expect(answer.ceilingCentimes).toBe(1200 * DH);
  });

  it('refuses a limit or a route ceiling under 200 DH in the database', async () => {
    const c = await company();
    await expect(limit(c.id, null, 199)).rejects.toThrow();
    await expect(policy(c.id, CASA, AGADIR, 150)).rejects.toThrow();
    await limit(c.id, null, 200);
    await expect(limit(c.id, null, 300)).rejects.toThrow();
    await policy(c.id, null, AGADIR, 300);
    await expect(policy(c.id, null, AGADIR, 400)).rejects.toThrow();
  });
});

describe('isExpenseValidator and listExpenseValidatorIds', () => {
  it('knows the validators of the company, never of another one', async () => {
    const a = await company();
    const b = await company();
    await t.db.insert(expenseValidators).values([
      { companyId: a.id, employeeId: a.grouped },
      { companyId: a.id, employeeId: a.ungrouped },
      { companyId: b.id, employeeId: b.grouped },
    ]);
    expect(await isExpenseValidator(t.db, a.id, a.grouped)).toBe(true);
    expect(await isExpenseValidator(t.db, a.id, a.inOther)).toBe(false);
    expect(await isExpenseValidator(t.db, a.id, b.grouped)).toBe(false);
    expect(await listExpenseValidatorIds(t.db, a.id)).toEqual([a.grouped, a.ungrouped]);
    expect(await listExpenseValidatorIds(t.db, b.id)).toEqual([b.grouped]);
    // A deactivated validator is not notified.
    await t.db.update(employees).set({ isActive: false }).where(eq(employees.id, a.grouped));
    expect(await listExpenseValidatorIds(t.db, a.id)).toEqual([a.ungrouped]);
    // One row per employee.
    await expect(
      t.db.insert(expenseValidators).values({ companyId: a.id, employeeId: a.ungrouped }),
    ).rejects.toThrow();
  });
});
