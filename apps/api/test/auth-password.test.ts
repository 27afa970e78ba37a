import { MAX_FAILED_LOGINS_PER_HOUR, RESET_LINK_TTL_SECONDS } from '@tasbiq/contracts/constants';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { loginFailures, passwordResetTokens } from '../src/db/schema/auth.ts';
import { issueLink } from '../src/lib/password-links.ts';
import { recordLoginFailure } from '../src/modules/auth/login-service.ts';
import { bearer, loginAs, messagesTo, newEmployee, post } from './auth-test-utils.ts';
import { TEST_PASSWORD } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 100_000, PUBLIC_URL: 'https://app.tasbiq.test' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nouveau#Mot2Passe';

async function session(overrides: Parameters<typeof newEmployee>[1] = {}) {
  const { user } = await newEmployee(t, overrides);
  const pair = await loginAs(t, user.email!);
  return { user, auth: bearer(pair.access), pair };
}

const changePassword = (auth: Record<string, string>, body: object) =>
  post(t, '/api/auth/change-password', body, auth);

const errorsOf = (res: { json(): { errors: Array<{ attr: string | null; code: string }> } }) =>
  res.json().errors.map((e) => `${e.attr}:${e.code}`);

describe('POST /auth/change-password', () => {
  it('does not need the old password the first time, then requires it', async () => {
    const { user, auth } = await session();
    const first = await changePassword(auth, { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: expect.any(String) });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordChangedAt).not.toBeNull();
    expect(
      (await post(t, '/api/auth/token', { username: user.email!, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);
    const pair = await loginAs(t, user.email!, NEW_PASSWORD);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(pair.access),
    });
    expect(account.json().has_changed_password).toBe(true);

    const missing = await changePassword(auth, {
      new_password: 'Encore#Autre9',
      confirm_password: 'Encore#Autre9',
    });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toEqual(['old_password:PASSWORD_REQUIRED']);

    const wrong = await changePassword(auth, {
      old_password: 'pas-le-bon',
      new_password: 'Encore#Autre9',
      confirm_password: 'Encore#Autre9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)).toEqual(['old_password:PASSWORD_INCORECT']);
    // A wrong old password counts like a failed login.
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.userId, user.id))).toHaveLength(2);

    const ok = await changePassword(auth, {
      old_password: NEW_PASSWORD,
      new_password: 'Encore#Autre9',
      confirm_password: 'Encore#Autre9',
    });
    expect(ok.statusCode).toBe(200);
    await loginAs(t, user.email!, 'Encore#Autre9');
  });

  it('answers PASSWORD_NOT_REQUIRED to an old password sent while none was ever chosen', async () => {
    const { user, auth } = await session();
    const res = await changePassword(auth, {
      old_password: 'whatever-was-typed',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        code: 'PASSWORD_NOT_REQUIRED',
        detail: "L'ancien mot de passe n'est pas requis.",
        attr: 'old_password',
      },
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordChangedAt).toBeNull();
    // An empty field is the same as no field.
    const empty = await changePassword(auth, {
      old_password: '',
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(empty.statusCode).toBe(200);
  });

  it('answers every policy code on its field', async () => {
    const { auth } = await session();
    const cases: Array<[object, string[]]> = [
      [
        { new_password: NEW_PASSWORD, confirm_password: `${NEW_PASSWORD}x` },
        ['confirm_password:PASSWORD_MISMATCH'],
      ],
      [{ new_password: 'Ab#1xyz', confirm_password: 'Ab#1xyz' }, ['new_password:PASSWORD_TOO_SHORT']],
      [{ new_password: 'azerty123', confirm_password: 'azerty123' }, ['new_password:PASSWORD_TOO_COMMON']],
      [
        { new_password: '90817263544', confirm_password: '90817263544' },
        ['new_password:PASSWORD_ENTIRELY_NUMERIC'],
      ],
      [
        { new_password: 'Yassine2026', confirm_password: 'Yassine2026' },
        ['new_password:PASSWORD_TOO_SIMILAR'],
      ],
      [{ new_password: NEW_PASSWORD }, ['confirm_password:required']],
    ];
    for (const [body, expected] of cases) {
      const res = await changePassword(auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().type).toBe('validation_error');
      expect(errorsOf(res), JSON.stringify(body)).toEqual(expected);
    }
  });

  it('refuses the current password as the new one, SAME_PASSWORD on new_password (issue 10)', async () => {
    const { user, auth } = await session();
    // Not asked for the old one yet: compared with the stored password.
    const first = await changePassword(auth, {
      new_password: TEST_PASSWORD,
      confirm_password: TEST_PASSWORD,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      type: 'validation_error',
      errors: [
        {
          code: 'SAME_PASSWORD',
          detail: 'Le nouveau mot de passe doit être différent du mot de passe actuel.',
          attr: 'new_password',
        },
      ],
    });
    // With the policy's other problems at once.
    const mismatch = await changePassword(auth, {
      new_password: TEST_PASSWORD,
      confirm_password: `${TEST_PASSWORD}x`,
    });
    expect(errorsOf(mismatch).sort()).toEqual([
      'confirm_password:PASSWORD_MISMATCH',
      'new_password:SAME_PASSWORD',
    ]);
    expect(
      (await changePassword(auth, { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    // Asked for the old one: the same again is refused by the contract itself.
    const same = await changePassword(auth, {
      old_password: NEW_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(same.statusCode).toBe(400);
    expect(errorsOf(same)).toEqual(['new_password:SAME_PASSWORD']);
    // Nothing changed: the password is still the one chosen, and no failed login was counted.
    await loginAs(t, user.email!, NEW_PASSWORD);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.userId, user.id))).toHaveLength(0);
  });

  it('refuses an OTP-scoped session and an anonymous call', async () => {
    const { pair } = await session({ phoneConfirmed: false });
    const otp = await changePassword(bearer(pair.access), {
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(otp.statusCode).toBe(403);
    const anonymous = await changePassword(
      {},
      { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

/** The token in the last reset link sent to `recipient`. */
async function resetTokenSentTo(recipient: string, channel: 'sms' | 'email') {
  const [message] = await messagesTo(t, recipient, channel);
  const match = /https:\/\/app\.tasbiq\.test\/reset\?token=([A-Za-z0-9_-]+)/.exec(message?.body ?? '');
  if (!match) throw new Error(`no reset link sent to ${recipient}`);
  return match[1]!;
}

/** POST /auth/password-reset, then lets the job that sends the link run. */
async function requestReset(username: string) {
  const res = await post(t, '/api/auth/password-reset', { username });
  await t.ctx.jobs.drain();
  return res;
}

describe('password reset', () => {
  it('sends a link by e-mail and SMS, verifies it, and sets the new password once', async () => {
    const { user } = await newEmployee(t);
    const res = await post(t, '/api/auth/password-reset/', { username: user.email!.toUpperCase() });
    expect(res.statusCode).toBe(200);
    await t.ctx.jobs.drain(); // the link is sent by a job (see auth-password-reset-jobs.test.ts)
    expect(res.json()).toEqual({ detail: expect.any(String) });

    const token = await resetTokenSentTo(user.email!, 'email');
    expect(await resetTokenSentTo(user.phone!, 'sms')).toBe(token);
    const [mail] = await messagesTo(t, user.email!, 'email');
    expect(mail!.subject).toMatch(/mot de passe/i);
    const [row] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(RESET_LINK_TTL_SECONDS * 1000);

    expect((await post(t, '/api/auth/password-reset/verify', { token })).statusCode).toBe(200);

    const weak = await post(t, '/api/auth/password-reset/confirm', {
      token,
      new_password: '12345678',
      confirm_password: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(errorsOf(weak)).toEqual([
      'new_password:PASSWORD_TOO_COMMON',
      'new_password:PASSWORD_ENTIRELY_NUMERIC',
    ]);

    const ok = await post(t, '/api/auth/password-reset/confirm/', {
      token,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    await loginAs(t, user.email!, NEW_PASSWORD);
    const [updated] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(updated!.passwordChangedAt).not.toBeNull();

    for (const url of ['/api/auth/password-reset/verify', '/api/auth/password-reset/confirm']) {
      const again = await post(t, url, {
        token,
        new_password: 'Autre#Secret42',
        confirm_password: 'Autre#Secret42',
      });
      expect(again.statusCode, url).toBe(400);
      expect(again.json().errors[0]).toMatchObject({ code: 'RESET_PASSWORD_FAILED', attr: null });
    }
  });

  it('lets exactly one of concurrent confirmations with the same link succeed', async () => {
    const { user } = await newEmployee(t);
    await requestReset(user.email!);
    const token = await resetTokenSentTo(user.email!, 'email');
    const confirm = (password: string) =>
      post(t, '/api/auth/password-reset/confirm', {
        token,
        new_password: password,
        confirm_password: password,
      });
    const results = await Promise.all([confirm('Premier#Choix1'), confirm('Second#Choix2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'Premier#Choix1' : 'Second#Choix2';
    await loginAs(t, user.email!, winner);
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const known = await newEmployee(t);
    const a = await requestReset('inconnu@nulle-part.ma');
    const b = await requestReset(known.user.email!);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(await messagesTo(t, 'inconnu@nulle-part.ma')).toHaveLength(0);
  });

  it('sends no reset link to an invited person (no password yet): the activation link is their way in', async () => {
    const { user } = await newEmployee(t, { password: null });
    const res = await requestReset(user.email!);
    expect(res.statusCode).toBe(200);
    expect(await messagesTo(t, user.email!)).toHaveLength(0);
  });

  it('refuses an activation link on the reset door (it would set a password without activating)', async () => {
    const { user } = await newEmployee(t, { password: null });
    const token = await issueLink(t.db, user.id, 'activation');
    const verify = await post(t, '/api/auth/password-reset/verify', { token });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().errors[0].code).toBe('RESET_PASSWORD_FAILED');
    const confirm = await post(t, '/api/auth/password-reset/confirm', {
      token,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(confirm.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('sends nothing to an inactive account, and finds accounts by local phone', async () => {
    const inactive = await newEmployee(t, { isActive: false });
    await requestReset(inactive.user.email!);
    expect(await messagesTo(t, inactive.user.email!)).toHaveLength(0);

    const { user } = await newEmployee(t);
    await requestReset(`0${user.phone!.slice(4)}`);
    expect(await messagesTo(t, user.phone!, 'sms')).toHaveLength(1);
  });

  it('sends at most one link per countdown; a newer link replaces the older one', async () => {
    const { user } = await newEmployee(t);
    await requestReset(user.email!);
    await requestReset(user.email!);
    expect(await messagesTo(t, user.email!, 'email')).toHaveLength(1);
    const first = await resetTokenSentTo(user.email!, 'email');

    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 5 * 60 * 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    await requestReset(user.email!);
    const second = await resetTokenSentTo(user.email!, 'email');
    expect(second).not.toBe(first);
    expect((await post(t, '/api/auth/password-reset/verify', { token: first })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/password-reset/verify', { token: second })).statusCode).toBe(200);
  });

  it('refuses an expired or unknown token with RESET_PASSWORD_FAILED', async () => {
    const { user } = await newEmployee(t);
    await requestReset(user.email!);
    const token = await resetTokenSentTo(user.email!, 'email');
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    for (const candidate of [token, 'made-up-token']) {
      const res = await post(t, '/api/auth/password-reset/confirm', {
        token: candidate,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].code).toBe('RESET_PASSWORD_FAILED');
    }
    await loginAs(t, user.email!); // the old password still works
  });

  it('ends older sessions and lifts the failed-login limit', async () => {
    const { user } = await newEmployee(t);
    // A refresh token issued a minute before the reset.
    const old = await new SignJWT({ token_type: 'refresh', scope: 'full' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(`old-${user.id}`)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 60)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.ctx.config.JWT_SECRET));
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_HOUR; i += 1) await recordLoginFailure(t.db, user.id, null);
    // Past the limit the right password needs the SMS code too.
    const limited = await post(t, '/api/auth/token', { username: user.email!, password: TEST_PASSWORD });
    expect(limited.json()).toMatchObject({ otp_required: true, otp_reason: 'failed_logins' });

    await requestReset(user.email!);
    const token = await resetTokenSentTo(user.email!, 'email');
    const res = await post(t, '/api/auth/password-reset/confirm', {
      token,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);

    const refused = await post(t, '/api/auth/token/refresh', { refresh: old });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe('token_not_valid');
    const fresh = await loginAs(t, user.email!, NEW_PASSWORD);
    expect(fresh.otp_required).toBe(false);
    expect((await post(t, '/api/auth/token/refresh', { refresh: fresh.refresh })).statusCode).toBe(200);
  });
});
