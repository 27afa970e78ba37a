import { ZAccount } from '@tasbiq/contracts/auth';
import { MAX_FAILED_LOGINS_PER_HOUR } from '@tasbiq/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { loginFailures, tokenBlacklist } from '../src/db/schema/auth.ts';
import { companies } from '../src/db/schema/companies.ts';
import { toWireDateTime } from '../src/lib/time.ts';
import { createAccount } from '../src/modules/accounts/service.ts';
import { recordLoginFailure } from '../src/modules/auth/login-service.ts';
import { bearer, lastOtpSentTo, localPhone, loginAs, newEmployee, post } from './auth-test-utils.ts';
import { TEST_PASSWORD } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
});
afterAll(() => t.close());

const WRONG_CREDENTIALS = {
  type: 'client_error',
  errors: [{ code: 'NO_ACTIVE_ACCOUNT', detail: 'Vos identifiants sont incorrectes', attr: null }],
};

describe('POST /auth/token', () => {
  it('logs in by e-mail, whatever its case, with a full-scope pair', async () => {
    const { user } = await newEmployee(t);
    const res = await post(t, '/api/auth/token', {
      username: ` ${user.email!.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ access: expect.any(String), refresh: expect.any(String), otp_required: false });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(body.access),
    });
    expect(account.statusCode).toBe(200);
    expect(account.json().id).toBe(user.id);
  });

  it('logs in by phone in local, spaced and international formats (trailing slash too)', async () => {
    const { user } = await newEmployee(t);
    const local = localPhone(user.phone!);
    const spaced = `${local.slice(0, 2)} ${local.slice(2, 4)} ${local.slice(4, 6)} ${local.slice(6, 8)} ${local.slice(8)}`;
    for (const username of [local, spaced, user.phone!, `00212${local.slice(1)}`]) {
      const res = await post(t, '/api/auth/token/', { username, password: TEST_PASSWORD });
      expect(res.statusCode, username).toBe(200);
    }
  });

  it('answers a wrong password with 401 NO_ACTIVE_ACCOUNT and counts the failure', async () => {
    const { user } = await newEmployee(t);
    const res = await post(t, '/api/auth/token', { username: user.email!, password: 'not-the-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG_CREDENTIALS);
    const failures = await t.db.select().from(loginFailures).where(eq(loginFailures.userId, user.id));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.ip).toBe('127.0.0.1');
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    for (const username of ['personne@inconnu.ma', '0699999999']) {
      const res = await post(t, '/api/auth/token', { username, password: TEST_PASSWORD });
      expect(res.statusCode, username).toBe(401);
      expect(res.json()).toEqual(WRONG_CREDENTIALS);
    }
  });

  it('answers a login that is neither an e-mail nor a Moroccan phone with INVALID_USERNAME', async () => {
    for (const username of ['not a login name', 'ahmed@', '12345', '+33612345678']) {
      const res = await post(t, '/api/auth/token', { username, password: TEST_PASSWORD });
      expect(res.statusCode, username).toBe(400);
      expect(res.json(), username).toEqual({
        type: 'validation_error',
        errors: [
          {
            code: 'INVALID_USERNAME',
            detail: "L'identifiant n'est pas valide (e-mail ou téléphone).",
            attr: 'username',
          },
        ],
      });
    }
    // An empty one is only `blank`.
    const blank = await post(t, '/api/auth/token', { username: ' ', password: TEST_PASSWORD });
    expect(blank.json().errors).toEqual([expect.objectContaining({ code: 'blank', attr: 'username' })]);
  });

  it('refuses an invited account that has no password yet', async () => {
    const { user } = await newEmployee(t, { password: null });
    const res = await post(t, '/api/auth/token', { username: user.email!, password: 'anything' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG_CREDENTIALS);
  });

  it('refuses an inactive account with 403 inactive_account, only once the password is right', async () => {
    const { user } = await newEmployee(t, { isActive: false });
    const wrong = await post(t, '/api/auth/token', { username: user.email!, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    const res = await post(t, '/api/auth/token', { username: user.email!, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ code: 'inactive_account', attr: null });
  });

  it('refuses an account of an inactive company with 403 ACCOUNT_INACTIVE_COMPANY', async () => {
    const { user, company } = await newEmployee(t);
    await t.db.update(companies).set({ isActive: false }).where(eq(companies.id, company.id));
    const wrong = await post(t, '/api/auth/token', { username: user.email!, password: 'nope-nope' });
    expect(wrong.json()).toEqual(WRONG_CREDENTIALS);
    const res = await post(t, '/api/auth/token', { username: user.email!, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('ACCOUNT_INACTIVE_COMPANY');
  });

  it(`past ${MAX_FAILED_LOGINS_PER_HOUR} failures in an hour, asks the right password for the SMS code instead of locking the owner out`, async () => {
    const { user } = await newEmployee(t);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    // Old failures leave the window (and are pruned by the next record).
    for (let i = 0; i < 5; i += 1)
      await t.db.insert(loginFailures).values({ userId: user.id, createdAt: twoHoursAgo });
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_HOUR - 1; i += 1)
      await recordLoginFailure(t.db, user.id, '10.0.0.1');
    const stillOpen = await post(t, '/api/auth/token', { username: user.email!, password: 'wrong-again' });
    expect(stillOpen.statusCode).toBe(401); // the 100th failure
    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.userId, user.id));
    expect(rows).toHaveLength(MAX_FAILED_LOGINS_PER_HOUR);

    // A wrong password past the limit is refused, exactly as below it, and still counted.
    const wrong = await post(t, '/api/auth/token', { username: user.email!, password: 'wrong-again' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(WRONG_CREDENTIALS);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.userId, user.id))).toHaveLength(
      MAX_FAILED_LOGINS_PER_HOUR + 1,
    );

    // The right password (phone confirmed long ago) now needs the SMS code too.
    const res = await post(t, '/api/auth/token', { username: user.email!, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      otp_required: true,
      otp_reason: 'failed_logins',
    });
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(pair.access),
    });
    expect(account.statusCode).toBe(403);
    expect(account.json().errors[0].code).toBe('phone_not_confirmed');
    // Rotating the limited refresh token does not widen it.
    const rotated = await post(t, '/api/auth/token/refresh', { refresh: pair.refresh });
    expect(rotated.json().otp_required).toBe(true);

    const sent = await post(t, '/api/auth/otp', {}, bearer(pair.access));
    expect(sent.statusCode).toBe(200);
    const verified = await post(
      t,
      '/api/auth/otp/verify',
      { otp: await lastOtpSentTo(t, user.phone!) },
      bearer(pair.access),
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json().otp_required).toBe(false);
    const full = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(verified.json().access),
    });
    expect(full.statusCode).toBe(200);

    // The code does not lift the limit: the next login with the right password asks again.
    expect((await loginAs(t, user.email!)).otp_required).toBe(true);

    // Another account is not affected.
    const other = await newEmployee(t);
    expect(await loginAs(t, other.user.email!)).toMatchObject({ otp_required: false });
  });

  it('past the limit, makes an account without a phone wait (no second factor to ask for)', async () => {
    const account = await createAccount(t.db, {
      email: `sans.tel.${Date.now()}@tasbiq.ma`,
      password: TEST_PASSWORD,
      firstName: 'Admin',
      lastName: 'Tasbiq',
    });
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_HOUR; i += 1) await recordLoginFailure(t.db, account.id, null);
    const wrong = await post(t, '/api/auth/token', { username: account.email!, password: 'wrong-again' });
    expect(wrong.json()).toEqual(WRONG_CREDENTIALS);
    const res = await post(t, '/api/auth/token', { username: account.email!, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0]).toMatchObject({ code: 'throttled', attr: null });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('asks for the OTP when the phone is not confirmed: scope otp until verified', async () => {
    const { user } = await newEmployee(t, { phoneConfirmed: false });
    const pair = await loginAs(t, user.email!);
    expect(pair).toMatchObject({ otp_required: true, otp_reason: 'phone_confirmation' });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/account', headers: bearer(pair.access) });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('phone_not_confirmed');
  });

  it('does not ask for an OTP when the account has no phone', async () => {
    const account = await createAccount(t.db, {
      email: `admin.${Date.now()}@tasbiq.ma`,
      password: TEST_PASSWORD,
      firstName: 'Admin',
      lastName: 'Tasbiq',
    });
    expect((await loginAs(t, account.email!)).otp_required).toBe(false);
  });

  it('answers missing fields in the DRF validation shape', async () => {
    const res = await post(t, '/api/auth/token', { username: 'x@y.ma' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'required', detail: expect.any(String), attr: 'password' }],
    });
  });
});

describe('POST /auth/token/refresh', () => {
  it('rotates: a new pair, and the used refresh token is refused afterwards', async () => {
    const { user } = await newEmployee(t);
    const first = await loginAs(t, user.email!);
    const res = await post(t, '/api/auth/token/refresh', { refresh: first.refresh });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second).toEqual({ access: expect.any(String), refresh: expect.any(String), otp_required: false });
    expect(second.refresh).not.toBe(first.refresh);

    const account = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(second.access),
    });
    expect(account.statusCode).toBe(200);
    expect((await post(t, '/api/auth/token/refresh', { refresh: second.refresh })).statusCode).toBe(200);

    // A used one is refused (and ends the whole session: auth-sessions.test.ts).
    const reuse = await post(t, '/api/auth/token/refresh/', { refresh: first.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().errors[0]).toMatchObject({ code: 'token_not_valid', attr: null });
  });

  it('lets exactly one of two concurrent refreshes with the same token succeed', async () => {
    const { user } = await newEmployee(t);
    const { refresh } = await loginAs(t, user.email!);
    const results = await Promise.all([
      post(t, '/api/auth/token/refresh', { refresh }),
      post(t, '/api/auth/token/refresh', { refresh }),
      post(t, '/api/auth/token/refresh', { refresh }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 401, 401]);
    const rows = await t.db.select().from(tokenBlacklist).where(eq(tokenBlacklist.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an access token, a forged token and garbage with 401 token_not_valid', async () => {
    const { user } = await newEmployee(t);
    const { access, refresh } = await loginAs(t, user.email!);
    const forged = `${refresh.slice(0, -4)}AAAA`;
    for (const token of [access, forged, 'garbage']) {
      const res = await post(t, '/api/auth/token/refresh', { refresh: token });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].code).toBe('token_not_valid');
    }
  });

  it('keeps the OTP scope of an unconfirmed session', async () => {
    const { user } = await newEmployee(t, { phoneConfirmed: false });
    const { refresh } = await loginAs(t, user.email!);
    const res = await post(t, '/api/auth/token/refresh', { refresh });
    expect(res.json().otp_required).toBe(true);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(res.json().access),
    });
    expect(account.statusCode).toBe(403);
  });

  it('refuses to refresh for an account deactivated since login', async () => {
    const { user } = await newEmployee(t);
    const { refresh } = await loginAs(t, user.email!);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await post(t, '/api/auth/token/refresh', { refresh });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('inactive_account');
  });
});

describe('POST /auth/logout', () => {
  it('blacklists the refresh token, without needing an access token, and is idempotent', async () => {
    const { user } = await newEmployee(t);
    const { refresh } = await loginAs(t, user.email!);
    const res = await post(t, '/api/auth/logout', { refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: expect.any(String) });

    const afterwards = await post(t, '/api/auth/token/refresh', { refresh });
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json().errors[0].code).toBe('token_not_valid');

    expect((await post(t, '/api/auth/logout/', { refresh })).statusCode).toBe(200);
  });

  it('answers an invalid token with 401 token_not_valid', async () => {
    const res = await post(t, '/api/auth/logout', { refresh: 'not-a-jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('token_not_valid');
  });
});

describe('GET /auth/account', () => {
  it('answers the ZAccount shape', async () => {
    const { user, company } = await newEmployee(t, { roles: ['RH'] });
    const { access } = await loginAs(t, user.phone!);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/account/', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    const body = ZAccount.parse(res.json());
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      phone: user.phone,
      first_name: 'Yassine',
      last_name: 'Alaoui',
      cin: user.cin,
      company: { id: company.id, name: company.name, is_active: true },
      roles: ['RH'],
      phone_confirmed: true,
      has_changed_password: false,
      date_joined: toWireDateTime(user.dateJoined),
    });
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(body).sort());
  });

  it('answers company null for an account without one, and 401 without a token', async () => {
    const account = await createAccount(t.db, {
      email: `staff.${Date.now()}@tasbiq.ma`,
      password: TEST_PASSWORD,
      firstName: 'Staff',
      lastName: 'Tasbiq',
    });
    const { access } = await loginAs(t, account.email!);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/account', headers: bearer(access) });
    expect(res.json()).toMatchObject({ company: null, roles: [], phone: null });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/account' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe('not_authenticated');
  });

  it('is listed in the OpenAPI document with its response schema', async () => {
    // app.swagger() is what /api/docs/json serves.
    const doc = t.app.swagger() as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    const op = doc.paths['/api/auth/account']?.get;
    expect(op).toBeDefined();
    expect(JSON.stringify(op?.responses['200'])).toContain('has_changed_password');
  });
});
