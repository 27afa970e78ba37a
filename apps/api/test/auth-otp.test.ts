import { OTP_MAX_SENDS, OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS } from '@tasbiq/contracts/constants';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { otpCodes } from '../src/db/schema/auth.ts';
import { maskPhone } from '../src/modules/auth/otp-service.ts';
import {
  bearer,
  lastOtpSentTo,
  loginAs,
  messagesTo,
  newEmployee,
  otherCode,
  post,
} from './auth-test-utils.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
});
afterAll(() => t.close());

/** A fresh account whose phone is not confirmed, logged in with its OTP-scoped pair. */
async function unconfirmedSession() {
  const { user } = await newEmployee(t, { phoneConfirmed: false });
  const pair = await loginAs(t, user.email!);
  expect(pair.otp_required).toBe(true);
  return { user, phone: user.phone!, auth: bearer(pair.access), refresh: pair.refresh };
}

const verify = (auth: Record<string, string>, otp: string) => post(t, '/api/auth/otp/verify', { otp }, auth);
const getAccount = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/account', headers: auth });

describe('POST /auth/otp', () => {
  it('sends a 6-digit code by SMS in French and answers the masked phone', async () => {
    const { user, phone, auth } = await unconfirmedSession();
    const res = await post(t, '/api/auth/otp', {}, auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: expect.any(String),
      phone: maskPhone(phone),
      expires_in: OTP_TTL_SECONDS,
    });
    expect(res.json().phone).toMatch(/^\+212 [67]•• ••• •\d{2}$/);
    expect(res.json().phone.endsWith(phone.slice(-2))).toBe(true);

    const [sms] = await messagesTo(t, phone, 'sms');
    expect(sms!.body).toMatch(/^Votre code Tasbiq est \d{6}\. Il expire dans 10 minutes\.$/);
    const code = await lastOtpSentTo(t, phone);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(OTP_TTL_SECONDS * 1000);
  });

  it('accepts a call without any body, as the web client sends it', async () => {
    const { auth } = await unconfirmedSession();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/otp', headers: auth });
    expect(res.statusCode).toBe(200);
  });

  it('requires a bearer token', async () => {
    const res = await post(t, '/api/auth/otp');
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('not_authenticated');
  });

  it(`refuses a send beyond ${OTP_MAX_SENDS} per window with 429 OTP_RETRIES_REACHED and Retry-After`, async () => {
    const { auth } = await unconfirmedSession();
    for (let i = 0; i < OTP_MAX_SENDS; i += 1) {
      expect((await post(t, '/api/auth/otp', {}, auth)).statusCode).toBe(200);
    }
    const res = await post(t, '/api/auth/otp/', {}, auth);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'OTP_RETRIES_REACHED', detail: expect.stringContaining('limite'), attr: null }],
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /auth/otp/verify', () => {
  it('confirms the phone with the right code and answers a full-scope pair', async () => {
    const { user, phone, auth } = await unconfirmedSession();
    expect((await getAccount(auth)).json().errors[0].code).toBe('phone_not_confirmed');
    await post(t, '/api/auth/otp', {}, auth);
    const res = await verify(auth, await lastOtpSentTo(t, phone));
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String), otp_required: false });

    const account = await getAccount(bearer(pair.access));
    expect(account.statusCode).toBe(200);
    expect(account.json().phone_confirmed).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phoneConfirmedAt).not.toBeNull();
    // The next login goes straight to a full session.
    expect((await loginAs(t, user.email!)).otp_required).toBe(false);
  });

  it('refuses a wrong code with 400 incorrect_otp on attr otp, and counts it', async () => {
    const { user, phone, auth } = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, auth);
    const code = await lastOtpSentTo(t, phone);
    const res = await verify(auth, otherCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'incorrect_otp', detail: expect.any(String), attr: 'otp' }],
    });
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row!.wrongTries).toBe(1);
    expect((await verify(auth, code)).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const { phone, auth } = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, auth);
    const code = await lastOtpSentTo(t, phone);
    expect((await verify(auth, code)).statusCode).toBe(200);
    const again = await verify(auth, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].code).toBe('incorrect_otp');
  });

  it(`kills the code after ${OTP_MAX_WRONG_TRIES} wrong tries, even for the right digits`, async () => {
    const { phone, auth } = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, auth);
    const code = await lastOtpSentTo(t, phone);
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i += 1) {
      expect((await verify(auth, otherCode(code))).statusCode).toBe(400);
    }
    const res = await verify(auth, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('incorrect_otp');
    // A new code works again.
    await post(t, '/api/auth/otp', {}, auth);
    expect((await verify(auth, await lastOtpSentTo(t, phone))).statusCode).toBe(200);
  });

  it('lets exactly one of concurrent verifications of the same code succeed', async () => {
    const { phone, auth } = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, auth);
    const code = await lastOtpSentTo(t, phone);
    const results = await Promise.all([verify(auth, code), verify(auth, code), verify(auth, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired code', async () => {
    const { user, phone, auth } = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, auth);
    await t.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.userId, user.id));
    const res = await verify(auth, await lastOtpSentTo(t, phone));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('incorrect_otp');
  });

  it('invalidates the previous code when a new one is sent', async () => {
    const { user, phone, auth } = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, auth);
    const first = await lastOtpSentTo(t, phone);
    await post(t, '/api/auth/otp', {}, auth);
    const second = await lastOtpSentTo(t, phone);
    const rows = await t.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.userId, user.id))
      .orderBy(desc(otpCodes.id));
    expect(rows).toHaveLength(2);
    expect(rows[1]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    if (first !== second) expect((await verify(auth, first)).statusCode).toBe(400);
    expect((await verify(auth, second)).statusCode).toBe(200);
  });

  it('answers incorrect_otp when no code was ever sent, and validates the format', async () => {
    const { auth } = await unconfirmedSession();
    expect((await verify(auth, '123456')).json().errors[0].code).toBe('incorrect_otp');
    const bad = await verify(auth, '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'INVALID_OTP', attr: 'otp' });
  });

  it("does not accept another account's code", async () => {
    const a = await unconfirmedSession();
    const b = await unconfirmedSession();
    await post(t, '/api/auth/otp', {}, a.auth);
    const res = await verify(b.auth, await lastOtpSentTo(t, a.phone));
    expect(res.statusCode).toBe(400);
  });
});
