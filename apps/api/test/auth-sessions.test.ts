import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSessions } from '../src/db/schema/auth.ts';
import { bearer, lastOtpSentTo, loginAs, messagesTo, newEmployee, post } from './auth-test-utils.ts';
import { acceptTerms, createTestEmployee, publishTerms, TEST_PASSWORD, uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Sessions that end (decision 026): every token belongs to a login session, and ending the
 * session refuses its access tokens from the very next call — not 5 minutes later.
 */
let t: TestApp;
let termsId: number;
beforeAll(async () => {
  t = await createTestApp();
  termsId = (await publishTerms(t.db)).id;
});
afterAll(() => t.close());

type Pair = { access: string; refresh: string };

const account = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/account', headers: bearer(access) });
const refresh = (token: string) => post(t, '/api/auth/token/refresh', { refresh: token });

/** The access token is refused at once, with the code that makes the web client try a refresh. */
async function expectAccessRefused(access: string) {
  const res = await account(access);
  expect(res.statusCode).toBe(401);
  expect(res.json().errors[0]).toMatchObject({ code: 'token_not_valid', attr: null });
}

async function expectSessionAlive(pair: Pair) {
  expect((await account(pair.access)).statusCode).toBe(200);
}

/** An employee who accepted the terms (so /auth/account and other private calls answer 200). */
async function person() {
  const created = await newEmployee(t);
  await acceptTerms(t.db, created.user.id, termsId);
  return created;
}

async function endReasonsOf(userId: number) {
  const rows = await t.db.select().from(loginSessions).where(eq(loginSessions.userId, userId));
  // Open sessions (null) first.
  return rows.map((r) => r.endReason).sort((a, b) => (a ?? '').localeCompare(b ?? ''));
}

describe('a rotated refresh token presented again (theft)', () => {
  it('the owner rotated first: the thief’s replay ends the session, the owner’s new tokens included', async () => {
    const { user } = await person();
    const stolen = await loginAs(t, user.email!);
    const otherDevice = await loginAs(t, user.email!);

    const owner: Pair = (await refresh(stolen.refresh)).json();
    await expectSessionAlive(owner);

    const replay = await refresh(stolen.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errors[0].code).toBe('token_not_valid');

    // The whole family is gone: the owner's rotated pair as well (they log in again)…
    await expectAccessRefused(owner.access);
    expect((await refresh(owner.refresh)).statusCode).toBe(401);
    // …but not the account's other login.
    await expectSessionAlive(otherDevice);
    expect(await endReasonsOf(user.id)).toEqual([null, 'refresh_reuse']);
  });

  it('the thief rotated first: the owner’s stale refresh ends the thief’s tokens and their descendants', async () => {
    const { user } = await person();
    const victim = await loginAs(t, user.email!);

    const thief1: Pair = (await refresh(victim.refresh)).json();
    const thief2: Pair = (await refresh(thief1.refresh)).json();
    await expectSessionAlive(thief2);

    // The owner's app refreshes with the token it still holds.
    expect((await refresh(victim.refresh)).statusCode).toBe(401);

    for (const pair of [thief1, thief2]) await expectAccessRefused(pair.access);
    expect((await refresh(thief2.refresh)).statusCode).toBe(401);
    // The owner's own access token of the session is refused too.
    await expectAccessRefused(victim.access);
  });

  it('two concurrent uses of one refresh token: one pair is issued, and then the session ends', async () => {
    const { user } = await person();
    const { refresh: token } = await loginAs(t, user.email!);
    const results = await Promise.all([refresh(token), refresh(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const issued: Pair = results.find((r) => r.statusCode === 200)!.json();
    await expectAccessRefused(issued.access);
  });
});

describe('logout', () => {
  it('refuses the session’s access token at once, and only that session’s', async () => {
    const { user } = await person();
    const laptop = await loginAs(t, user.email!);
    const phone = await loginAs(t, user.email!);
    await expectSessionAlive(laptop);

    expect((await post(t, '/api/auth/logout', { refresh: laptop.refresh })).statusCode).toBe(200);

    await expectAccessRefused(laptop.access);
    expect((await refresh(laptop.refresh)).statusCode).toBe(401);
    await expectSessionAlive(phone);
  });

  it('ends the tokens of every rotation of the session, and the OTP step’s too', async () => {
    const { user } = await newEmployee(t, { phoneConfirmed: false });
    await acceptTerms(t.db, user.id, termsId);
    const otpPair = await loginAs(t, user.email!);
    expect(otpPair.otp_required).toBe(true);
    await post(t, '/api/auth/otp', {}, bearer(otpPair.access));
    const verified = await post(
      t,
      '/api/auth/otp/verify',
      { otp: await lastOtpSentTo(t, user.phone!) },
      bearer(otpPair.access),
    );
    const full: Pair = verified.json();
    const rotated: Pair = (await refresh(full.refresh)).json();
    await expectSessionAlive(rotated);

    await post(t, '/api/auth/logout', { refresh: rotated.refresh });

    await expectAccessRefused(full.access);
    await expectAccessRefused(rotated.access);
    // The phone-confirmation token of the same login cannot start anything either.
    const otp = await post(t, '/api/auth/otp', {}, bearer(otpPair.access));
    expect(otp.statusCode).toBe(401);
    expect((await refresh(otpPair.refresh)).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('ends every other session at once and keeps the one that changed it', async () => {
    const { user } = await person();
    const here = await loginAs(t, user.email!);
    const elsewhere = await loginAs(t, user.email!);
    const elsewhereRotated: Pair = (await refresh(elsewhere.refresh)).json();

    const res = await post(
      t,
      '/api/auth/change-password',
      { new_password: 'Marrakech-2030', confirm_password: 'Marrakech-2030' },
      bearer(here.access),
    );
    expect(res.statusCode).toBe(200);

    await expectAccessRefused(elsewhereRotated.access);
    expect((await refresh(elsewhereRotated.refresh)).statusCode).toBe(401);
    await expectSessionAlive(here);
    expect((await refresh(here.refresh)).statusCode).toBe(200);
    expect(await endReasonsOf(user.id)).toEqual([null, 'password_change']);
  });
});

describe('password reset', () => {
  it('ends every session at once; the new password opens a new one', async () => {
    const { user } = await person();
    const before = await loginAs(t, user.email!);
    const other = await loginAs(t, user.email!);

    await post(t, '/api/auth/password-reset', { username: user.email! });
    await t.ctx.jobs.drain(); // the link may be sent by a job
    const [mail] = await messagesTo(t, user.email!, 'email');
    const token = /[?&]token=([\w-]+)/.exec(mail!.body)![1];
    const res = await post(t, '/api/auth/password-reset/confirm', {
      token,
      new_password: 'Marrakech-2030',
      confirm_password: 'Marrakech-2030',
    });
    expect(res.statusCode).toBe(200);

    for (const pair of [before, other]) {
      await expectAccessRefused(pair.access);
      expect((await refresh(pair.refresh)).statusCode).toBe(401);
    }
    const after = await loginAs(t, user.email!, 'Marrakech-2030');
    await expectSessionAlive(after);
    expect((await refresh(after.refresh)).statusCode).toBe(200);
  });
});

describe('a new e-mail or phone (both are login names)', () => {
  async function changeContact(access: string, kind: 'phone' | 'email', value: string) {
    const asked = await post(t, `/api/auth/change_${kind}`, { [kind]: value }, bearer(access));
    expect(asked.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    return post(
      t,
      `/api/auth/change_${kind}/validate`,
      { token: asked.json().token, otp: await lastOtpSentTo(t, value) },
      bearer(access),
    );
  }

  it('confirmed by its owner (their change, or one HR gave): the other sessions end, this one goes on', async () => {
    const { user } = await person();
    const here = await loginAs(t, user.email!);
    const lostPhone = await loginAs(t, user.email!);

    const email = `nouvelle.${user.id}@atlas.ma`;
    expect((await changeContact(here.access, 'email', email)).statusCode).toBe(200);
    await expectAccessRefused(lostPhone.access);
    expect((await refresh(lostPhone.refresh)).statusCode).toBe(401);
    await expectSessionAlive(here);
    expect(await endReasonsOf(user.id)).toEqual([null, 'contact_change']);

    const other = await loginAs(t, email);
    expect((await changeContact(here.access, 'phone', uniquePhone())).statusCode).toBe(200);
    await expectAccessRefused(other.access);
    await expectSessionAlive(here);
  });

  it('HR removing the e-mail ends the sessions opened with it; HR’s own session is untouched', async () => {
    const { company, user, employee } = await person();
    const hr = await createTestEmployee(t.db, company.id, { roles: ['RH'] });
    await acceptTerms(t.db, hr.user.id, termsId);
    const hrPair = await loginAs(t, hr.user.email!);
    const employeePair = await loginAs(t, user.email!);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/employees/${employee.id}/`,
      headers: bearer(hrPair.access),
      payload: { email: null },
    });
    expect(res.statusCode).toBe(200);

    await expectAccessRefused(employeePair.access);
    expect((await refresh(employeePair.refresh)).statusCode).toBe(401);
    await expectSessionAlive(hrPair);
  });
});

describe('POST /auth/logout_all (“Se déconnecter partout”)', () => {
  it('ends every session of the account, the caller’s included', async () => {
    const { user } = await person();
    const laptop = await loginAs(t, user.email!);
    const phone = await loginAs(t, user.email!);
    const phoneRotated: Pair = (await refresh(phone.refresh)).json();
    const someoneElse = await person();
    const theirs = await loginAs(t, someoneElse.user.email!);

    const res = await post(t, '/api/auth/logout_all', undefined, bearer(laptop.access));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Vous avez été déconnecté de tous vos appareils.',
      sessions_ended: 2,
    });

    for (const pair of [laptop, phoneRotated]) {
      await expectAccessRefused(pair.access);
      expect((await refresh(pair.refresh)).statusCode).toBe(401);
    }
    await expectSessionAlive(theirs);
    await expectSessionAlive(await loginAs(t, user.email!, TEST_PASSWORD));
  });

  it('needs an access token of a live session', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout_all' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe('not_authenticated');

    const { user } = await person();
    const pair = await loginAs(t, user.email!);
    await post(t, '/api/auth/logout', { refresh: pair.refresh });
    const ended = await post(t, '/api/auth/logout_all', undefined, bearer(pair.access));
    expect(ended.statusCode).toBe(401);
    expect(ended.json().errors[0].code).toBe('token_not_valid');
  });
});

describe('tokens outside any session', () => {
  it('refuses a correctly signed access token that names no session (as issued before sessions existed)', async () => {
    const { user } = await person();
    const legacy = await new SignJWT({ token_type: 'access', scope: 'full' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti('legacy')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.ctx.config.JWT_SECRET));
    await expectAccessRefused(legacy);
    const foreign = await t.ctx.tokens.sign(user.id, 'access', 'full', 'a-session-that-does-not-exist');
    await expectAccessRefused(foreign);
  });

  it('refuses a token of another account’s session', async () => {
    const a = await person();
    const b = await person();
    const pairA = await loginAs(t, a.user.email!);
    const { sessionId } = await t.ctx.tokens.verify(pairA.access, 'access');
    const mixed = await t.ctx.tokens.sign(b.user.id, 'access', 'full', sessionId);
    await expectAccessRefused(mixed);
  });
});
