import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from './auth-helpers.ts';
import { acceptTerms, createTestCompany, createTestEmployee, publishTerms } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { wireProbeRoutes } from './wire-probe-routes.ts';

/**
 * Who may call what: the access hook's answers (not_authenticated, token_not_valid,
 * inactive_account, ACCOUNT_INACTIVE_COMPANY, terms_not_accepted, permission_denied) in the
 * wire shape. No terms are published in this file except in the terms-gate block, which
 * runs last because publishing gates every account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraRoutes: wireProbeRoutes });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({
    type: 'client_error',
    errors: [{ code, detail: expect.any(String), attr: null }],
  });
}

/** A token signed with the app's secret but chosen claims (expired, wrong kind). */
function signRaw(claims: Record<string, unknown>, expiresAt: number) {
  const key = new TextEncoder().encode(t.ctx.config.JWT_SECRET);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub ?? '1'))
    .setJti('probe')
    .setIssuedAt(expiresAt - 300)
    .setExpirationTime(expiresAt)
    .sign(key);
}

describe('authentication', () => {
  it('answers 401 not_authenticated without a token', async () => {
    const res = await get('/api/__test/private');
    expectError(res, 401, 'not_authenticated');
    expect(res.json().errors[0].detail).toBe(ERROR_MESSAGES_FR.not_authenticated);
  });

  it('answers 401 not_authenticated to a non-bearer scheme', async () => {
    expectError(
      await get('/api/__test/private', { authorization: 'Basic dXNlcjpwYXNz' }),
      401,
      'not_authenticated',
    );
  });

  it('answers 401 token_not_valid to a garbage token', async () => {
    expectError(
      await get('/api/__test/private', { authorization: 'Bearer not.a.jwt' }),
      401,
      'token_not_valid',
    );
  });

  it('answers 401 token_not_valid to an expired token', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id);
    const expired = await signRaw(
      { sub: String(user.id), token_type: 'access', scope: 'full' },
      Math.floor(Date.now() / 1000) - 10,
    );
    expectError(
      await get('/api/__test/private', { authorization: `Bearer ${expired}` }),
      401,
      'token_not_valid',
    );
  });

  it('answers 401 token_not_valid to a refresh token used as an access token', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id);
    const { refresh } = await t.ctx.tokens.pair(user.id, 'full');
    expectError(
      await get('/api/__test/private', { authorization: `Bearer ${refresh}` }),
      401,
      'token_not_valid',
    );
  });

  it('answers 401 token_not_valid to a token signed with another secret', async () => {
    const forged = await new SignJWT({ token_type: 'access', scope: 'full' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('forged')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-at-least-thirty-two-chars!'));
    expectError(
      await get('/api/__test/private', { authorization: `Bearer ${forged}` }),
      401,
      'token_not_valid',
    );
  });

  it('answers 401 token_not_valid for an account that no longer exists', async () => {
    // Signed by the app, for a user id with no row (and so no login session either).
    const access = await t.ctx.tokens.sign(987_654, 'access', 'full', 'no-such-session');
    expectError(
      await get('/api/__test/private', { authorization: `Bearer ${access}` }),
      401,
      'token_not_valid',
    );
  });

  it('passes with a valid token, with or without the trailing slash', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id);
    const headers = await bearerFor(t, user.id);
    for (const url of ['/api/__test/private', '/api/__test/private/', '/api/settings', '/api/settings/']) {
      expect((await get(url, headers)).statusCode).toBe(200);
    }
  });

  it('keeps a token issued before the phone was confirmed to the OTP calls', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id, { phoneConfirmed: false });
    expectError(
      await get('/api/__test/private', await bearerFor(t, user.id, 'otp')),
      403,
      'phone_not_confirmed',
    );
  });
});

describe('inactive accounts and companies', () => {
  it('refuses a deactivated account with inactive_account', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id, { isActive: false });
    const res = await get('/api/settings', await bearerFor(t, user.id));
    expectError(res, 403, 'inactive_account');
    expect(res.json().errors[0].detail).toBe(ERROR_MESSAGES_FR.inactive_account);
  });

  it('refuses an account of an inactive company with ACCOUNT_INACTIVE_COMPANY', async () => {
    const company = await createTestCompany(t.db, { isActive: false });
    const { user } = await createTestEmployee(t.db, company.id);
    const res = await get('/api/settings', await bearerFor(t, user.id));
    expectError(res, 403, 'ACCOUNT_INACTIVE_COMPANY');
    expect(res.json().errors[0].detail).toBe(ERROR_MESSAGES_FR.ACCOUNT_INACTIVE_COMPANY);
  });
});

describe('roles and feature flags', () => {
  it('refuses a route reserved to the DRH to an RH with permission_denied', async () => {
    const company = await createTestCompany(t.db);
    const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'] });
    const drh = await createTestEmployee(t.db, company.id, { roles: ['DRH'] });
    expectError(await get('/api/__test/drh-only', await bearerFor(t, rh.user.id)), 403, 'permission_denied');
    expect((await get('/api/__test/drh-only', await bearerFor(t, drh.user.id))).statusCode).toBe(200);
  });

  it('opens a feature route only when the company has the flag on', async () => {
    const on = await createTestCompany(t.db, { advancesEnabled: true });
    const off = await createTestCompany(t.db, { advancesEnabled: false });
    const withFlag = await createTestEmployee(t.db, on.id);
    const withoutFlag = await createTestEmployee(t.db, off.id);
    expect((await get('/api/__test/advances', await bearerFor(t, withFlag.user.id))).statusCode).toBe(200);
    expectError(
      await get('/api/__test/advances', await bearerFor(t, withoutFlag.user.id)),
      403,
      'permission_denied',
    );
  });
});

// Last: once terms exist, every account in this database must accept them.
describe('terms gate', () => {
  it('blocks private calls until the latest terms are accepted, and again on a new version', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id);
    const headers = await bearerFor(t, user.id);
    expect((await get('/api/__test/private', headers)).statusCode).toBe(200);

    const first = await publishTerms(t.db, '<p>CGU v1</p>', 'v1');
    const blocked = await get('/api/__test/private', headers);
    expectError(blocked, 403, 'terms_not_accepted');
    expect(blocked.json().errors[0].detail).toBe(ERROR_MESSAGES_FR.terms_not_accepted);

    const latest = await get('/api/terms/latest', headers);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ id: first.id, accepted: false });

    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/terms/',
      headers,
      payload: { terms: first.id },
    });
    expect(accept.statusCode).toBe(200);
    expect((await get('/api/__test/private', headers)).statusCode).toBe(200);

    await publishTerms(t.db, '<p>CGU v2</p>', 'v2');
    expectError(await get('/api/__test/private', headers), 403, 'terms_not_accepted');
    expectError(await get('/api/settings', headers), 403, 'terms_not_accepted');
  });

  it('checks the terms before roles and flags, so the modal opens first', async () => {
    const latest = await publishTerms(t.db, '<p>CGU v3</p>', 'v3');
    const company = await createTestCompany(t.db, { advancesEnabled: false });
    const { user } = await createTestEmployee(t.db, company.id);
    const headers = await bearerFor(t, user.id);
    expectError(await get('/api/__test/advances', headers), 403, 'terms_not_accepted');
    await acceptTerms(t.db, user.id, latest.id);
    expectError(await get('/api/__test/advances', headers), 403, 'permission_denied');
  });
});
