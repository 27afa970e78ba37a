import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { passwordResetTokens } from '../src/db/schema/auth.ts';
import { employees } from '../src/db/schema/employees.ts';
import { bearer, lastOtpSentTo, messagesTo, post } from './auth-test-utils.ts';
import { hrCompany, linkTokenIn, uniqueCin } from './employees-helpers.ts';
import { uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * An invited employee follows the link from the outbox, chooses a password, becomes activated and
 * logs in (first login: the phone is not confirmed, so an SMS code first).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let hr: Awaited<ReturnType<typeof hrCompany>>;
beforeAll(async () => {
  hr = await hrCompany(t, { name: 'Rif Activation' });
});

const PASSWORD = 'Mon#Premier2026';

/** HR adds someone through the API; answers the person and the token sent by SMS. */
async function invite(overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const res = await post(
    t,
    '/api/employees/',
    { first_name: 'Youssef', last_name: 'Amrani', phone, cin: uniqueCin(), salary: '7000', ...overrides },
    hr.headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  const [sms] = await messagesTo(t, phone, 'sms');
  return { id: res.json().id as number, phone, token: linkTokenIn(sms!.body) };
}

function errorsOf(res: { json(): unknown }) {
  return (res.json() as { errors: Array<{ attr: string | null; code: string; detail: string }> }).errors;
}

const confirm = (token: string, newPassword = PASSWORD, confirmPassword = newPassword) =>
  post(t, '/api/auth/activation/confirm', {
    token,
    new_password: newPassword,
    confirm_password: confirmPassword,
  });

describe('activation end to end', () => {
  it('verify → confirm → activated → login asks for the SMS code → full session', async () => {
    const { id, phone, token } = await invite();
    // An invited account has no password: login is refused like wrong credentials.
    const before = await post(t, '/api/auth/token', { username: phone, password: PASSWORD });
    expect(before.statusCode).toBe(401);

    const verify = await post(t, '/api/auth/activation/verify', { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ first_name: 'Youssef', company: 'Rif Activation' });

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().detail).toBe('Votre compte est activé. Vous pouvez maintenant vous connecter.');

    const detail = await t.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers: hr.headers });
    expect(detail.json()).toMatchObject({ status: 'activated', has_password: true, phone_confirmed: false });
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    expect(user!.passwordChangedAt).not.toBeNull();

    const login = await post(t, '/api/auth/token', { username: `0${phone.slice(4)}`, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().otp_required).toBe(true);
    expect((await post(t, '/api/auth/otp', {}, bearer(login.json().access))).statusCode).toBe(200);
    const otp = await lastOtpSentTo(t, phone);
    const verified = await post(t, '/api/auth/otp/verify', { otp }, bearer(login.json().access));
    expect(verified.statusCode).toBe(200);
    expect(verified.json().otp_required).toBe(false);

    // The link is spent.
    expect((await post(t, '/api/auth/activation/verify', { token })).statusCode).toBe(400);
    const twice = await confirm(token, 'Autre#Secret2026');
    expect(twice.statusCode).toBe(400);
    expect(errorsOf(twice)[0]!.code).toBe('INVALID_TOKEN');
  });
});

describe('activation refusals', () => {
  it.each(['inconnu', 'x'.repeat(43)])('answers INVALID_TOKEN in French for %s', async (token) => {
    const res = await post(t, '/api/auth/activation/verify', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'INVALID_TOKEN', detail: 'Le lien est invalide ou a expiré.', attr: null }],
    });
  });

  it('refuses an expired link (7 days)', async () => {
    const { token, phone } = await invite();
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user!.id));
    expect((await post(t, '/api/auth/activation/verify', { token })).statusCode).toBe(400);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('refuses the link of a deactivated employee, and works again once reactivated', async () => {
    const { id, token } = await invite();
    const put = (is_active: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/employees/${id}/`,
        headers: hr.headers,
        payload: { is_active },
      });
    await put(false);
    expect((await post(t, '/api/auth/activation/verify', { token })).statusCode).toBe(400);
    await put(true);
    expect((await post(t, '/api/auth/activation/verify', { token })).statusCode).toBe(200);
  });

  it('does not take a reset link for an activation link', async () => {
    const { phone } = await invite();
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    const { issueLink } = await import('../src/lib/password-links.ts');
    const resetToken = await issueLink(t.db, user!.id, 'reset');
    expect((await post(t, '/api/auth/activation/verify', { token: resetToken })).statusCode).toBe(400);
  });

  it('applies the password policy and reports every problem, on the fields', async () => {
    const { token } = await invite({ first_name: 'Meryem' });
    const res = await confirm(token, '12345678', '12345679');
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).map((e) => [e.attr, e.code])).toEqual([
      ['confirm_password', 'PASSWORD_MISMATCH'],
      ['new_password', 'PASSWORD_TOO_COMMON'],
      ['new_password', 'PASSWORD_ENTIRELY_NUMERIC'],
    ]);
    const similar = await confirm(token, 'Meryem2026', 'Meryem2026');
    expect(errorsOf(similar).map((e) => e.code)).toEqual(['PASSWORD_TOO_SIMILAR']);
    const short = await confirm(token, 'Ab#1', 'Ab#1');
    expect(errorsOf(short).map((e) => e.code)).toEqual(['PASSWORD_TOO_SHORT']);
    // Still usable after refusals.
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const res = await post(t, '/api/auth/activation/confirm', { token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).map((e) => [e.attr, e.code])).toEqual([
      ['new_password', 'required'],
      ['confirm_password', 'required'],
    ]);
  });

  it('of two concurrent confirmations, one wins', async () => {
    const { token, phone } = await invite();
    const results = await Promise.all([confirm(token, 'Premier#Choix26'), confirm(token, 'Second#Choix26')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    const [employee] = await t.db.select().from(employees).where(eq(employees.userId, user!.id));
    expect(employee!.status).toBe('activated');
    const used = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user!.id));
    expect(used.filter((l) => l.usedAt !== null)).toHaveLength(1);
  });
});
