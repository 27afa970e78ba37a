import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { otpCodes } from '../src/db/schema/auth.ts';
import {
  bearer,
  lastOtpSentTo,
  localPhone,
  loginAs,
  messagesTo,
  newEmployee,
  otherCode,
  post,
} from './auth-test-utils.ts';
import { uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
});
afterAll(() => t.close());

async function session() {
  const { user } = await newEmployee(t);
  const pair = await loginAs(t, user.email!);
  return { user, auth: bearer(pair.access) };
}

const getAccount = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/auth/account', headers: auth }).then((r) => r.json());

describe('POST /auth/change_phone', () => {
  it('sends a code to the new phone and changes it once validated', async () => {
    const { user, auth } = await session();
    const newPhone = uniquePhone();
    const res = await post(t, '/api/auth/change_phone', { phone: localPhone(newPhone) }, auth);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await messagesTo(t, user.phone!, 'sms')).toHaveLength(0);
    const code = await lastOtpSentTo(t, newPhone);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row!.flowToken).not.toBe(token);

    const wrong = await post(t, '/api/auth/change_phone/validate', { token, otp: otherCode(code) }, auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ code: 'incorrect_otp', attr: 'otp' });
    expect((await getAccount(auth)).phone).toBe(user.phone);

    const ok = await post(t, '/api/auth/change_phone/validate/', { token, otp: code }, auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: expect.any(String) });
    expect(await getAccount(auth)).toMatchObject({ phone: newPhone, phone_confirmed: true });
    expect((await loginAs(t, localPhone(newPhone))).otp_required).toBe(false);
    expect((await post(t, '/api/auth/token', { username: user.phone!, password: 'x' })).statusCode).toBe(401);

    const again = await post(t, '/api/auth/change_phone/validate', { token, otp: code }, auth);
    expect(again.statusCode).toBe(400);
  });

  it("refuses another account's phone with PHONE_EXISTS on attr phone, and a bad phone", async () => {
    const { auth } = await session();
    const other = await newEmployee(t);
    const taken = await post(t, '/api/auth/change_phone', { phone: localPhone(other.user.phone!) }, auth);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'PHONE_EXISTS', detail: expect.any(String), attr: 'phone' }],
    });
    const bad = await post(t, '/api/auth/change_phone', { phone: '12345' }, auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'INVALID_PHONE', attr: 'phone' });
  });

  it('refuses a fixed line (the code goes by SMS) with PHONE_NOT_MOBILE, and sends nothing (issue 10)', async () => {
    const { auth } = await session();
    for (const phone of ['0512345678', '+212 5 22 12 34 56', '00212522123456']) {
      const res = await post(t, '/api/auth/change_phone', { phone }, auth);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toEqual({
        type: 'validation_error',
        errors: [
          {
            code: 'PHONE_NOT_MOBILE',
            detail: 'Saisissez un numéro de mobile (06…, 07… ou +212 6…/7…) : le code est envoyé par SMS.',
            attr: 'phone',
          },
        ],
      });
    }
    expect(await messagesTo(t, '+212512345678', 'sms')).toHaveLength(0);
    // Both mobile ranges are accepted.
    for (const phone of [localPhone(uniquePhone()), uniquePhone().replace('+2126', '+2127')]) {
      expect((await post(t, '/api/auth/change_phone', { phone }, auth)).statusCode, phone).toBe(200);
    }
  });

  it('refuses the current number, in any format, with SAME_PHONE and sends no code (issue 10)', async () => {
    const { user, auth } = await session();
    for (const phone of [user.phone!, localPhone(user.phone!), user.phone!.replace('+', '00')]) {
      const res = await post(t, '/api/auth/change_phone', { phone }, auth);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().errors, phone).toEqual([
        {
          code: 'SAME_PHONE',
          detail: 'Ce numéro est déjà celui de votre compte. Saisissez le nouveau numéro.',
          attr: 'phone',
        },
      ]);
    }
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id))).toHaveLength(0);
  });

  it('refuses a code with letters with INVALID_OTP (digits only, issue 10)', async () => {
    const { auth } = await session();
    const newPhone = uniquePhone();
    const { token } = (await post(t, '/api/auth/change_phone', { phone: newPhone }, auth)).json();
    for (const otp of ['12a456', 'abcdef', '１２３４５６']) {
      const res = await post(t, '/api/auth/change_phone/validate', { token, otp }, auth);
      expect(res.statusCode, otp).toBe(400);
      expect(res.json().errors, otp).toEqual([
        { code: 'INVALID_OTP', detail: 'Le code de vérification est composé de 6 chiffres.', attr: 'otp' },
      ]);
    }
  });

  it('answers PHONE_EXISTS when someone else took the phone before validation', async () => {
    const { user, auth } = await session();
    const newPhone = uniquePhone();
    const { token } = (await post(t, '/api/auth/change_phone', { phone: newPhone }, auth)).json();
    const code = await lastOtpSentTo(t, newPhone);
    await newEmployee(t, { phone: newPhone });
    const res = await post(t, '/api/auth/change_phone/validate', { token, otp: code }, auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'PHONE_EXISTS', attr: 'phone' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phone).toBe(user.phone);
  });

  it('refuses a made-up token, and a token of another account', async () => {
    const a = await session();
    const b = await session();
    const newPhone = uniquePhone();
    const { token } = (await post(t, '/api/auth/change_phone', { phone: newPhone }, a.auth)).json();
    const code = await lastOtpSentTo(t, newPhone);
    const madeUp = await post(t, '/api/auth/change_phone/validate', { token: 'made-up', otp: code }, a.auth);
    expect(madeUp.statusCode).toBe(400);
    const stolen = await post(t, '/api/auth/change_phone/validate', { token, otp: code }, b.auth);
    expect(stolen.statusCode).toBe(400);
    expect((await post(t, '/api/auth/change_phone/validate', { token, otp: code }, a.auth)).statusCode).toBe(
      200,
    );
  });

  it('requires a full session', async () => {
    const { user } = await newEmployee(t, { phoneConfirmed: false });
    const pair = await loginAs(t, user.email!);
    const res = await post(t, '/api/auth/change_phone', { phone: uniquePhone() }, bearer(pair.access));
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('phone_not_confirmed');
  });
});

describe('POST /auth/change_email', () => {
  it('sends a code by e-mail to the new address and changes it once validated', async () => {
    const { user, auth } = await session();
    const newEmail = `Nouvelle.Adresse.${user.id}@Exemple.MA`;
    const res = await post(t, '/api/auth/change_email', { email: newEmail }, auth);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const normalised = newEmail.toLowerCase();
    const [mail] = await messagesTo(t, normalised, 'email');
    expect(mail!.subject).toMatch(/code/i);
    const code = await lastOtpSentTo(t, normalised);

    const ok = await post(t, '/api/auth/change_email/validate', { token, otp: code }, auth);
    expect(ok.statusCode).toBe(200);
    expect((await getAccount(auth)).email).toBe(normalised);
    await loginAs(t, newEmail);
  });

  it('answers an address another account uses like a free one, and refuses it at validation with EMAIL_EXISTS', async () => {
    const { user, auth } = await session();
    const other = await newEmployee(t); // another company's employee
    // (a newer code replaces the earlier one: the free address is asked first)
    const free = await post(t, '/api/auth/change_email', { email: `libre.${user.id}@exemple.ma` }, auth);
    const taken = await post(t, '/api/auth/change_email', { email: other.user.email!.toUpperCase() }, auth);
    // The same answer: nothing tells that the address has an account.
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(Object.keys(taken.json())).toEqual(Object.keys(free.json()));
    expect(taken.json()).toEqual({ token: expect.any(String) });

    // Only who reads that mailbox gets the code; with it, the change is refused in French.
    const code = await lastOtpSentTo(t, other.user.email!);
    const res = await post(
      t,
      '/api/auth/change_email/validate',
      { token: taken.json().token, otp: code },
      auth,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'EMAIL_EXISTS', detail: 'Cette adresse e-mail est déjà utilisée.', attr: 'email' }],
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('refuses the current address, whatever its case, with SAME_EMAIL and sends no code (issue 10)', async () => {
    const { user, auth } = await session();
    for (const email of [user.email!, ` ${user.email!.toUpperCase()} `]) {
      const res = await post(t, '/api/auth/change_email', { email }, auth);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors, email).toEqual([
        {
          code: 'SAME_EMAIL',
          detail: 'Cette adresse est déjà celle de votre compte. Saisissez la nouvelle adresse.',
          attr: 'email',
        },
      ]);
    }
    expect(await messagesTo(t, user.email!, 'email')).toHaveLength(0);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id))).toHaveLength(0);
  });

  it('refuses a malformed address', async () => {
    const { auth } = await session();
    const bad = await post(t, '/api/auth/change_email', { email: 'pas-une-adresse' }, auth);
    expect(bad.json().errors[0]).toMatchObject({ code: 'INVALID_EMAIL', attr: 'email' });
  });

  it('keeps phone and e-mail codes apart', async () => {
    const { user, auth } = await session();
    const newPhone = uniquePhone();
    const phoneFlow = (await post(t, '/api/auth/change_phone', { phone: newPhone }, auth)).json();
    const phoneCode = await lastOtpSentTo(t, newPhone);
    const res = await post(
      t,
      '/api/auth/change_email/validate',
      { token: phoneFlow.token, otp: phoneCode },
      auth,
    );
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });
});
