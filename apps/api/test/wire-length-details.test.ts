/**
 * Issue 8 §6: the identities, e-mails and phones lists answered an empty list with "Assurez-vous
 * que ce champ comporte au moins 1 caractères". A list counts elements, and French agrees the noun
 * with the number (singular up to 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let rh: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createTestCompany(t.db, { name: 'Atlas Listes' });
  const { user } = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  rh = await bearerFor(t, user.id);
});
afterAll(() => t.close());

const EMPTY_LIST = 'Assurez-vous que ce champ comporte au moins 1 élément.';

describe('an empty list', () => {
  it.each([
    ['/api/company/identities/bulk/', 'identities'],
    ['/api/company/signup_invitation/bulk_send_signup_email/', 'emails'],
    ['/api/company/signup_invitation/bulk_send_signup_sms/', 'phones'],
  ])('%s answers "au moins 1 élément" on %s', async (url, field) => {
    const res = await t.app.inject({ method: 'POST', url, headers: rh, payload: { [field]: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ code: 'min_length', detail: EMPTY_LIST, attr: field }]);
  });
});
