import { BONUS_CAP } from '@tasbiq/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from './advances-helpers.ts';
import { bearerFor } from './auth-helpers.ts';
import {
  type BonusTenant,
  bonusRow,
  call,
  createBonusTenant,
  createIndividualBonus,
  paymentsOf,
} from './bonuses-helpers.ts';
import { addGroup } from './employees-helpers.ts';
import { createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** POST /bonuses/, PUT /bonuses/{id}/, the lists, unsave (issue 13, part 1). */
let t: TestApp;
let a: BonusTenant;
let other: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createBonusTenant(t);
  other = await createTenant(t);
});
afterAll(async () => t?.close());

const create = (auth: Record<string, string>, payload: unknown) =>
  call(t, 'POST', '/api/bonuses/', auth, payload);
const codes = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; attr: string | null }[] }).errors.map(
    (e) => `${e.attr}:${e.code}`,
  );

describe('collective bonuses', () => {
  it('goes to every active employee for `all`, at one amount each, and totals them', async () => {
    const company = await createBonusTenant(t);
    const people = [await company.employee(), await company.employee()];
    const inactive = await company.employee({ employee: { isActive: false } });
    const response = await create(company.rh.auth, {
      title: 'aid_el_kbir',
      type: 'collective',
      target: 'all',
      amount: '1 000',
      comment: 'Bonne fête',
    });
    expect(response.statusCode, response.body).toBe(201);
    const bonus = response.json();
    // RH, two DRH and the two employees are active; the deactivated one is left out.
    expect(bonus).toMatchObject({
      status: 'pending',
      type: 'collective',
      target: 'all',
      amount: '1000.00',
      beneficiaries_count: 5,
      total_amount: '5000.00',
      display_title: 'Aïd El Kébir',
      comment: 'Bonne fête',
      created_by: { id: company.rh.user.id },
    });
    const payments = await paymentsOf(t, bonus.id);
    expect(payments.map((p) => p.employeeId)).toEqual(
      expect.arrayContaining(people.map((p) => p.employee.id)),
    );
    expect(payments.map((p) => p.employeeId)).not.toContain(inactive.employee.id);
    expect(payments.every((p) => p.amountCentimes === 100_000n && p.status === 'pending')).toBe(true);
  });

  it('goes to a group’s active employees, and refuses another company’s group like a missing one', async () => {
    const group = await addGroup(t, a.company.id, `Atelier ${Date.now()}`);
    const inGroup = await a.employee({ employee: { groupId: group.id } });
    await a.employee(); // not in the group
    const response = await create(a.rh.auth, {
      title: 'meal_basket',
      type: 'collective',
      target: 'group',
      group: group.id,
      amount: 300,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      group: { id: group.id },
      beneficiaries_count: 1,
      total_amount: '300.00',
    });
    expect((await paymentsOf(t, response.json().id))[0]!.employeeId).toBe(inGroup.employee.id);

    const foreignGroup = await addGroup(t, other.company.id, `Autre ${Date.now()}`);
    const refused = await create(a.rh.auth, {
      title: 'meal_basket',
      type: 'collective',
      target: 'group',
      group: foreignGroup.id,
      amount: 300,
    });
    expect(refused.statusCode).toBe(400);
    expect(codes(refused.body)).toEqual(['group:does_not_exist']);
  });

  it('answers AUCUN_EMPLOYE_ACTIF for a group with nobody active', async () => {
    const group = await addGroup(t, a.company.id, `Vide ${Date.now()}`);
    await a.employee({ employee: { groupId: group.id, isActive: false } });
    const response = await create(a.rh.auth, {
      title: 'holiday',
      type: 'collective',
      target: 'group',
      group: group.id,
      amount: 100,
    });
    expect(response.statusCode).toBe(400);
    expect(codes(response.body)).toEqual(['null:AUCUN_EMPLOYE_ACTIF']);
  });

  it('goes to a selection, refusing duplicates, deactivated and other companies’ employees at their index', async () => {
    const one = await a.employee();
    const two = await a.employee();
    const off = await a.employee({ employee: { isActive: false } });
    const foreign = await other.employee();
    const refused = await create(a.rh.auth, {
      title: 'birth',
      type: 'collective',
      target: 'selection',
      employees: [one.employee.id, one.employee.id, off.employee.id, foreign.employee.id, 999_999],
      amount: 500,
    });
    expect(refused.statusCode).toBe(400);
    expect(codes(refused.body)).toEqual([
      'employees.1:unique',
      'employees.2:invalid',
      'employees.3:does_not_exist',
      'employees.4:does_not_exist',
    ]);
    const ok = await create(a.rh.auth, {
      title: 'birth',
      type: 'collective',
      target: 'selection',
      employees: [one.employee.id, two.employee.id],
      amount: 500,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ beneficiaries_count: 2, total_amount: '1000.00', target: 'selection' });
  });

  it('needs an amount and a target', async () => {
    const response = await create(a.rh.auth, { title: 'transport', type: 'collective' });
    expect(response.statusCode).toBe(400);
    expect(codes(response.body)).toEqual(['amount:required', 'target:required']);
  });
});

describe('individual bonuses', () => {
  it('takes an amount per employee and totals them', async () => {
    const one = await a.employee();
    const two = await a.employee();
    const response = await create(a.rh.auth, {
      title: 'other',
      custom_title: 'Prime de naissance jumeaux',
      type: 'individual',
      amounts: [
        { employee: one.employee.id, amount: '1500' },
        { employee: two.employee.id, amount: '250.00' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      display_title: 'Prime de naissance jumeaux',
      amount: null,
      total_amount: '1750.00',
      beneficiaries_count: 2,
    });
  });

  it('refuses amounts that are not whole dirhams above 0, at their path', async () => {
    const one = await a.employee();
    const response = await create(a.rh.auth, {
      title: 'performance',
      type: 'individual',
      amounts: [
        { employee: one.employee.id, amount: '0' },
        { employee: one.employee.id, amount: '10.50' },
        { employee: one.employee.id, amount: '-5' },
        { employee: one.employee.id, amount: '100001' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(codes(response.body)).toEqual([
      'amounts.0.amount:min_value',
      'amounts.1.amount:invalid',
      'amounts.2.amount:invalid',
      'amounts.3.amount:max_value',
    ]);
  });

  it('refuses another company’s employee like a missing one, and a deactivated one', async () => {
    const foreign = await other.employee();
    const off = await a.employee({ employee: { isActive: false } });
    const response = await create(a.rh.auth, {
      title: 'performance',
      type: 'individual',
      amounts: [
        { employee: foreign.employee.id, amount: 100 },
        { employee: off.employee.id, amount: 100 },
      ],
    });
    expect(codes(response.body)).toEqual(['amounts.0.employee:does_not_exist', 'amounts.1.employee:invalid']);
  });

  it(`answers TOO_MANY_BONUSES past ${BONUS_CAP} beneficiaries, before looking anyone up`, async () => {
    const one = await a.employee();
    const amounts = Array.from({ length: BONUS_CAP + 1 }, () => ({ employee: one.employee.id, amount: 1 }));
    const response = await create(a.rh.auth, { title: 'performance', type: 'individual', amounts });
    expect(response.statusCode).toBe(400);
    expect(codes(response.body)).toEqual(['null:TOO_MANY_BONUSES']);
    const selection = await create(a.rh.auth, {
      title: 'performance',
      type: 'collective',
      target: 'selection',
      amount: 1,
      employees: amounts.map((line) => line.employee),
    });
    expect(codes(selection.body)).toEqual(['null:TOO_MANY_BONUSES']);
  });

  it('needs a free title for "other", and amounts', async () => {
    const response = await create(a.rh.auth, { title: 'other', type: 'individual', amounts: [] });
    expect(codes(response.body)).toEqual(['custom_title:required', 'amounts:required']);
  });
});

describe('who may write bonuses', () => {
  it('refuses a plain employee, and everyone when the feature is off', async () => {
    const employee = await a.employee();
    const asEmployee = await create(employee.auth, {
      title: 'holiday',
      type: 'collective',
      target: 'all',
      amount: 1,
    });
    expect(asEmployee.statusCode).toBe(403);
    const off = await createTenant(t, { company: { bonusesEnabled: false } });
    const asHr = await create(off.rh.auth, {
      title: 'holiday',
      type: 'collective',
      target: 'all',
      amount: 1,
    });
    expect(asHr.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/bonuses/', off.rh.auth)).statusCode).toBe(403);
  });

  it('shows another company’s bonus as missing, and refuses to edit or unsave it', async () => {
    const bonus = await createIndividualBonus(t, a, [await a.employee()]);
    expect((await call(t, 'GET', `/api/bonuses/${bonus.id}/`, other.rh.auth)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/bonuses/${bonus.id}/beneficiaries/`, other.rh.auth)).statusCode).toBe(
      404,
    );
    expect((await call(t, 'POST', `/api/bonuses/${bonus.id}/unsave/`, other.rh.auth)).statusCode).toBe(404);
    const edit = await call(t, 'PUT', `/api/bonuses/${bonus.id}/`, other.rh.auth, {
      title: 'holiday',
      type: 'collective',
      target: 'all',
      amount: 1,
    });
    expect(edit.statusCode).toBe(404);
    const list = await call(t, 'GET', '/api/bonuses/', other.rh.auth);
    expect(list.json().results.map((b: { id: number }) => b.id)).not.toContain(bonus.id);
  });
});

describe('editing, lists, models and recurrence', () => {
  it('edits a pending bonus: new beneficiaries, new total, the editor recorded', async () => {
    const one = await a.employee();
    const two = await a.employee();
    const bonus = await createIndividualBonus(t, a, [one]);
    const editorUser = await createTestEmployee(t.db, a.company.id, { roles: ['RH'] });
    const editor = await bearerFor(t, editorUser.user.id);
    const response = await call(t, 'PUT', `/api/bonuses/${bonus.id}/`, editor, {
      title: 'seniority',
      type: 'individual',
      amounts: [
        { employee: one.employee.id, amount: 200 },
        { employee: two.employee.id, amount: 300 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'seniority',
      total_amount: '500.00',
      beneficiaries_count: 2,
    });
    expect((await bonusRow(t, bonus.id)).updatedBy).toBe(editorUser.user.id);
    expect(await paymentsOf(t, bonus.id)).toHaveLength(2);
  });

  it('lists with filters: status, type, title, recurrence, search, employee, dates', async () => {
    const tenant = await createBonusTenant(t);
    const person = await tenant.employee();
    const monthly = await create(tenant.rh.auth, {
      title: 'transport',
      type: 'collective',
      target: 'selection',
      employees: [person.employee.id],
      amount: 200,
      recurrence_type: 'monthly',
      comment: 'Navette usine',
    });
    const single = await createIndividualBonus(t, tenant, [await tenant.employee()], '100');
    const ids = async (query: string) =>
      (await call(t, 'GET', `/api/bonuses/?${query}`, tenant.rh.auth))
        .json()
        .results.map((b: { id: number }) => b.id);
    expect(await ids('')).toEqual([single.id, monthly.json().id]);
    expect(await ids('type=collective')).toEqual([monthly.json().id]);
    expect(await ids('title=performance')).toEqual([single.id]);
    expect(await ids('recurrence_type=monthly')).toEqual([monthly.json().id]);
    expect(await ids('search=navette')).toEqual([monthly.json().id]);
    expect(await ids(`employee=${person.employee.id}`)).toEqual([monthly.json().id]);
    expect(await ids('status=refused')).toEqual([]);
    expect(await ids('created_after=2000-01-01&created_before=2000-01-31')).toEqual([]);
    const latest = await call(t, 'GET', '/api/bonuses/latest/', tenant.rh.auth);
    expect(latest.json().map((b: { id: number }) => b.id)).toEqual([single.id, monthly.json().id]);
    const beneficiaries = await call(
      t,
      'GET',
      `/api/bonuses/${monthly.json().id}/beneficiaries/`,
      tenant.rh.auth,
    );
    expect(beneficiaries.json()).toMatchObject({
      count: 1,
      results: [{ employee: { id: person.employee.id }, amount: '200.00', status: 'pending' }],
    });
  });

  it('keeps saved models and recurrent series until unsaved', async () => {
    const person = await a.employee();
    const saved = await create(a.rh.auth, {
      title: 'back_to_school',
      type: 'collective',
      target: 'selection',
      employees: [person.employee.id],
      amount: 400,
      is_saved: true,
      recurrence_type: 'yearly',
    });
    const bonus = saved.json();
    expect(bonus.is_saved).toBe(true);
    expect(bonus.next_occurrence).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const models = await call(t, 'GET', '/api/bonuses/saved/', a.rh.auth);
    expect(models.json().results.map((b: { id: number }) => b.id)).toContain(bonus.id);
    const unsaved = await call(t, 'POST', `/api/bonuses/${bonus.id}/unsave/`, a.rh.auth);
    expect(unsaved.json()).toMatchObject({ is_saved: false, next_occurrence: null });
    const after = await call(t, 'GET', '/api/bonuses/saved/', a.rh.auth);
    expect(after.json().results.map((b: { id: number }) => b.id)).not.toContain(bonus.id);
  });
});
