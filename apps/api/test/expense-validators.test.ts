import { ZPolicyChange } from '@tasbiq/contracts/expense-policy';
import { ZExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { paginated } from '@tasbiq/contracts/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isExpenseValidator,
  listExpenseValidatorIds,
} from '../src/modules/expense-validators/is-validator.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** GET, POST /expenses/validators/ and DELETE /expenses/validators/{id}/ (spec §6, §7; issue 14). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function company() {
  const row = await createTestCompany(t.db);
  const drh = await createTestEmployee(t.db, row.id, { roles: ['DRH'] });
  const rh = await createTestEmployee(t.db, row.id, {
    roles: ['RH'],
    firstName: 'Samira',
    lastName: 'Idrissi',
  });
  const karim = await createTestEmployee(t.db, row.id, { firstName: 'Karim', lastName: 'Tazi' });
  const amal = await createTestEmployee(t.db, row.id, { firstName: 'Amal', lastName: 'Berrada' });
  const invited = await createTestEmployee(t.db, row.id, { password: null });
  const gone = await createTestEmployee(t.db, row.id, {
    employee: { isActive: false, status: 'deactivated' },
  });
  return {
    id: row.id,
    karimId: karim.employee.id,
    amalId: amal.employee.id,
    invitedId: invited.employee.id,
    goneId: gone.employee.id,
    rhEmployeeId: rh.employee.id,
    drh: await bearerFor(t, drh.user.id),
    rh: await bearerFor(t, rh.user.id),
    karim: await bearerFor(t, karim.user.id),
  };
}

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, payload });

describe('expense validators', () => {
  it('RH and DRH add active employees, list them by name and remove them', async () => {
    const c = await company();
    const first = await call('POST', '/expenses/validators/', c.rh, { employee: c.karimId });
    expect(first.statusCode).toBe(201);
    expect(ZExpenseValidator.parse(first.json())).toMatchObject({
      employee: c.karimId,
      first_name: 'Karim',
      last_name: 'Tazi',
    });
    const second = await call('POST', '/expenses/validators', c.drh, { employee: c.amalId });
    expect(second.statusCode).toBe(201);
    // HR may make themselves validators too (they still never review their own orders).
    expect((await call('POST', '/expenses/validators', c.rh, { employee: c.rhEmployeeId })).statusCode).toBe(
      201,
    );

    const list = paginated(ZExpenseValidator).parse(
      (await call('GET', '/expenses/validators/', c.rh)).json(),
    );
    expect(list.count).toBe(3);
    expect(list.results.map((row) => row.last_name)).toEqual(['Berrada', 'Idrissi', 'Tazi']);
    expect(await isExpenseValidator(t.db, c.id, c.karimId)).toBe(true);

    const removed = await call('DELETE', `/expenses/validators/${first.json().id}/`, c.drh);
    expect(removed.statusCode).toBe(204);
    expect(await isExpenseValidator(t.db, c.id, c.karimId)).toBe(false);
    expect(await listExpenseValidatorIds(t.db, c.id)).toEqual([c.amalId, c.rhEmployeeId]);
    expect((await call('DELETE', `/expenses/validators/${first.json().id}/`, c.drh)).statusCode).toBe(404);
    // Removed, they may be added again.
    expect((await call('POST', '/expenses/validators/', c.rh, { employee: c.karimId })).statusCode).toBe(201);
  });

  it('answers EXPENSE_VALIDATOR_DEFINED for a validator already set', async () => {
    const c = await company();
    await call('POST', '/expenses/validators/', c.rh, { employee: c.karimId });
    const again = await call('POST', '/expenses/validators/', c.drh, { employee: c.karimId });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({
      code: 'EXPENSE_VALIDATOR_DEFINED',
      attr: 'employee',
      detail: 'Ce salarié est déjà valideur.',
    });
  });

  it("refuses another company's, invited, deactivated or unknown employees and bad bodies", async () => {
    const c = await company();
    const other = await company();
    for (const employee of [other.karimId, c.invitedId, c.goneId, 2_000_000_000]) {
      const response = await call('POST', '/expenses/validators/', c.rh, { employee });
      expect(response.statusCode, String(employee)).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ attr: 'employee', code: 'does_not_exist' });
    }
    for (const body of [
      {},
      { employee: 'x' },
      { employee: 99_999_999_999 },
      { employee: -1 },
      { employee: 1.5 },
    ]) {
      expect((await call('POST', '/expenses/validators/', c.rh, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(await listExpenseValidatorIds(t.db, c.id)).toEqual([]);
  });

  it("never lists nor removes another company's validators", async () => {
    const a = await company();
    const b = await company();
    const created = await call('POST', '/expenses/validators/', b.rh, { employee: b.karimId });
    expect((await call('GET', '/expenses/validators/', a.rh)).json().count).toBe(0);
    expect((await call('DELETE', `/expenses/validators/${created.json().id}/`, a.drh)).statusCode).toBe(404);
    expect((await call('DELETE', '/expenses/validators/99999999999/', a.drh)).statusCode).toBe(404);
    expect(await isExpenseValidator(t.db, b.id, b.karimId)).toBe(true);
    expect(await isExpenseValidator(t.db, a.id, b.karimId)).toBe(false);
  });

  it('is closed to employees who are not HR, validators included', async () => {
    const c = await company();
    await call('POST', '/expenses/validators/', c.rh, { employee: c.karimId });
    expect((await call('GET', '/expenses/validators/', c.karim)).statusCode).toBe(403);
    expect((await call('POST', '/expenses/validators/', c.karim, { employee: c.amalId })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', '/expenses/validators/1/', c.karim)).statusCode).toBe(403);
  });

  it('records each addition and removal in the policy history', async () => {
    const c = await company();
    const created = await call('POST', '/expenses/validators/', c.rh, { employee: c.karimId });
    await call('DELETE', `/expenses/validators/${created.json().id}/`, c.drh);
    const changes = paginated(ZPolicyChange).parse(
      (await call('GET', '/expenses/policy_changes/', c.drh)).json(),
    );
    expect(changes.results.map((row) => [row.subject, row.action, row.changed_by_name])).toEqual([
      ['validator', 'deleted', expect.any(String)],
      ['validator', 'created', 'Samira Idrissi'],
    ]);
    expect(changes.results[1]!.after).toEqual({
      employee: c.karimId,
      first_name: 'Karim',
      last_name: 'Tazi',
    });
    expect(changes.results[0]!.before).toEqual({
      employee: c.karimId,
      first_name: 'Karim',
      last_name: 'Tazi',
    });
  });
});
