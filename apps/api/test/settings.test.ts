import { ZSettings } from '@tasbiq/contracts/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/modules/accounts/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // A trailing slash in the configuration must not double the slash of the signup link.
  t = await createTestApp({ PUBLIC_URL: 'https://app.tasbiq.ma/' });
});
afterAll(() => t.close());

const getSettings = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/settings', headers });

describe('GET /settings', () => {
  it("answers the caller's company switches and signup link", async () => {
    const company = await createTestCompany(t.db, {
      itemsPerPage: 15,
      advancesEnabled: true,
      rechargesEnabled: false,
      fichesEnabled: true,
      cardsEnabled: false,
      bonusesEnabled: true,
      expensesEnabled: false,
      eprogramEnabled: true,
      transfersEnabled: false,
      connectorType: 'sage',
      signupToken: 'tok-atlas_123',
    });
    const { user } = await createTestEmployee(t.db, company.id);
    const res = await getSettings(await bearerFor(t, user.id));
    expect(res.statusCode).toBe(200);
    expect(ZSettings.strict().parse(res.json())).toEqual({
      items_per_page: 15,
      recharges_enabled: false,
      fiches_enabled: true,
      cards_enabled: false,
      bonuses_enabled: true,
      expenses_enabled: false,
      advances_enabled: true,
      eprogram_enabled: true,
      transfers_enabled: false,
      bills_enabled: true,
      connector_type: 'sage',
      signup_link: 'https://app.tasbiq.ma/signup/tok-atlas_123',
    });
  });

  it('answers a null signup link when self-signup is closed', async () => {
    const company = await createTestCompany(t.db, { signupToken: null });
    const { user } = await createTestEmployee(t.db, company.id);
    const res = await getSettings(await bearerFor(t, user.id));
    expect(res.json()).toMatchObject({ signup_link: null, connector_type: null });
  });

  it('shows each company its own switches', async () => {
    const open = await createTestCompany(t.db, { rechargesEnabled: true });
    const closed = await createTestCompany(t.db, { rechargesEnabled: false });
    const a = await createTestEmployee(t.db, open.id);
    const b = await createTestEmployee(t.db, closed.id);
    expect((await getSettings(await bearerFor(t, a.user.id))).json().recharges_enabled).toBe(true);
    expect((await getSettings(await bearerFor(t, b.user.id))).json().recharges_enabled).toBe(false);
  });

  it('refuses an account without a company with permission_denied', async () => {
    const staff = await createAccount(t.db, {
      firstName: 'Support',
      lastName: 'Tasbiq',
      email: 'support@tasbiq.ma',
    });
    const res = await getSettings(await bearerFor(t, staff.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('permission_denied');
  });

  it('needs a token', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('not_authenticated');
  });
});
