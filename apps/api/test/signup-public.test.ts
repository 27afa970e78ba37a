import { OTP_MAX_SENDS, OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS } from '@tasbiq/contracts/constants';
import { SIGNUP_PHONE_TOKEN_TTL_SECONDS } from '@tasbiq/contracts/signup';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { phoneVerifications } from '../src/db/schema/auth.ts';
import { companies } from '../src/db/schema/companies.ts';
import { employees } from '../src/db/schema/employees.ts';
import { signupIdentities } from '../src/db/schema/people.ts';
import { createIdentities } from '../src/modules/signup/identities-service.ts';
import { hashPhoneToken } from '../src/modules/signup/phone-verification-service.ts';
import { bearer, lastOtpSentTo, messagesTo, otherCode, post } from './auth-test-utils.ts';
import { createTestCompany, createTestEmployee, uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 100_000 });
});
afterAll(() => t.close());

const PASSWORD = 'Casablanca-Sud-2026';
let serialSeq = 0;

/** A company with an RH and one unused identity (matricule + birthday). */
async function companyWithIdentity(overrides: Parameters<typeof createTestCompany>[1] = {}) {
  const company = await createTestCompany(t.db, { name: 'Atlas Textile', ...overrides });
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  serialSeq += 1;
  const serial = `MAT-${serialSeq}`;
  await createIdentities(t.db, company.id, rh.user.id, [{ serial, birthday: '1992-07-14' }]);
  return { company, token: company.signupToken!, serial, birthday: '1992-07-14' };
}

const local = (phone: string) => `0${phone.slice(4)}`;

async function requestOtp(token: string, phone: string) {
  return post(t, '/api/signup/request_otp/', { signup_token: token, phone });
}

/** Sends a code to a fresh phone and confirms it with the code from the outbox. */
async function verifiedPhone(token: string, phone = uniquePhone()) {
  const res = await requestOtp(token, local(phone));
  expect(res.statusCode, res.body).toBe(200);
  const phoneToken = res.json().phone_token as string;
  const otp = await lastOtpSentTo(t, phone);
  const verified = await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp });
  expect(verified.statusCode, verified.body).toBe(200);
  return { phone, phoneToken };
}

function signupBody(c: { token: string; serial: string; birthday: string }, phoneToken: string, extra = {}) {
  return {
    signup_token: c.token,
    phone_token: phoneToken,
    serial: c.serial,
    birthday: c.birthday,
    first_name: 'Salma',
    last_name: 'Bennani',
    email: '',
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...extra,
  };
}

const signup = (body: object) => post(t, '/api/signup/', body);

describe('GET /signup/{token}', () => {
  it("answers the company's name for an open link", async () => {
    const c = await companyWithIdentity();
    const res = await t.app.inject({ method: 'GET', url: `/api/signup/${c.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ company: { name: 'Atlas Textile' } });
  });

  it('answers 404 INVALID_TOKEN for an unknown link, a closed signup or an inactive company', async () => {
    const closed = await companyWithIdentity();
    await t.db.update(companies).set({ signupToken: null }).where(eq(companies.id, closed.company.id));
    const inactive = await companyWithIdentity({ isActive: false });
    for (const token of ['inconnu', closed.token, inactive.token]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/signup/${token}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        type: 'client_error',
        errors: [{ code: 'INVALID_TOKEN', attr: null, detail: 'Le lien est invalide ou a expiré.' }],
      });
    }
  });
});

describe('POST /signup/request_otp/', () => {
  it('texts a 6-digit code and answers an opaque phone token; only hashes are stored', async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    const res = await requestOtp(c.token, local(phone));
    expect(res.statusCode, res.body).toBe(200);
    const { phone_token: phoneToken, expires_in: expiresIn } = res.json();
    expect(expiresIn).toBe(OTP_TTL_SECONDS);
    expect(phoneToken).toMatch(/^[\w-]{43}$/);
    const code = await lastOtpSentTo(t, phone);
    const [sms] = await messagesTo(t, phone, 'sms');
    expect(sms!.body).toBe(`Votre code Tasbiq est ${code}. Il expire dans 10 minutes.`);
    const [row] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.phone, phone));
    expect(row!.flowTokenHash).toBe(hashPhoneToken(phoneToken));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.purpose).toBe('signup');
  });

  it('the attack: a stranger cannot tell a registered phone from a free one (account enumeration)', async () => {
    const c = await companyWithIdentity();
    const registered = (await createTestEmployee(t.db, c.company.id, { password: null })).user.phone!;
    const free = uniquePhone();
    /** What the attacker sees of an answer: status, body with the random token masked, headers. */
    const seen = (res: Awaited<ReturnType<typeof requestOtp>>) => {
      const body = res.json();
      // The date and the per-IP counter change from one call to the next, whatever the phone.
      const { date: _date, 'x-ratelimit-remaining': _left, ...headers } = res.headers;
      return {
        status: res.statusCode,
        body: { ...body, phone_token: typeof body.phone_token === 'string' ? body.phone_token.length : null },
        headers,
      };
    };
    const onRegistered = await requestOtp(c.token, local(registered));
    const onFree = await requestOtp(c.token, local(free));
    expect(onRegistered.statusCode).toBe(200);
    expect(seen(onRegistered)).toEqual(seen(onFree));

    // Guessing codes tells nothing either: the same refusal for both.
    const guess = (res: typeof onFree) =>
      post(t, '/api/signup/verify_otp/', { phone_token: res.json().phone_token, otp: '000000' });
    const [wrongOnRegistered, wrongOnFree] = [await guess(onRegistered), await guess(onFree)];
    expect(wrongOnRegistered.statusCode).toBe(wrongOnFree.statusCode);
    expect(wrongOnRegistered.json()).toEqual(wrongOnFree.json());
    // …and the same limit on sends (5 per phone per hour), so counting them tells nothing.
    for (const phone of [registered, free]) {
      const statuses: number[] = [];
      for (let i = 1; i < OTP_MAX_SENDS + 1; i += 1)
        statuses.push((await requestOtp(c.token, local(phone))).statusCode);
      expect(statuses).toEqual([...Array(OTP_MAX_SENDS - 1).fill(200), 429]);
    }
  });

  it('settles a registered phone once the code is confirmed: its holder is told PHONE_EXISTS', async () => {
    const c = await companyWithIdentity();
    const other = await createTestEmployee(t.db, c.company.id, { password: null });
    const phone = other.user.phone!;
    const res = await requestOtp(c.token, local(phone));
    expect(res.statusCode).toBe(200);
    const phoneToken = res.json().phone_token as string;
    const otp = await lastOtpSentTo(t, phone);
    const verified = await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().errors).toEqual([
      { code: 'PHONE_EXISTS', attr: 'phone', detail: expect.any(String) },
    ]);
    // The token was not verified: no second account with this phone.
    const again = await signup(signupBody(c, phoneToken));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ code: 'phone_not_confirmed', attr: 'phone_token' });
  });

  it('refuses a bad link or a bad phone', async () => {
    const c = await companyWithIdentity();
    const bad = await requestOtp('inconnu', uniquePhone());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'INVALID_TOKEN', attr: null });
    const phone = await requestOtp(c.token, '0812');
    expect(phone.json().errors[0]).toMatchObject({ code: 'INVALID_PHONE', attr: 'phone' });
  });

  it(`sends at most ${OTP_MAX_SENDS} codes per phone per hour: 429 OTP_RETRIES_REACHED`, async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    for (let i = 0; i < OTP_MAX_SENDS; i++) expect((await requestOtp(c.token, phone)).statusCode).toBe(200);
    const res = await requestOtp(c.token, phone);
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].code).toBe('OTP_RETRIES_REACHED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await messagesTo(t, phone, 'sms')).length).toBe(OTP_MAX_SENDS);
  });

  it('a new code replaces the previous one', async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    const first = (await requestOtp(c.token, phone)).json().phone_token;
    const firstCode = await lastOtpSentTo(t, phone);
    const second = (await requestOtp(c.token, phone)).json().phone_token;
    const secondCode = await lastOtpSentTo(t, phone);
    expect(
      (await post(t, '/api/signup/verify_otp/', { phone_token: first, otp: firstCode })).statusCode,
    ).toBe(400);
    expect(
      (await post(t, '/api/signup/verify_otp/', { phone_token: second, otp: secondCode })).statusCode,
    ).toBe(200);
  });
});

describe('POST /signup/verify_otp/', () => {
  it('confirms the right code (again if asked) and refuses a wrong one with incorrect_otp', async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    const phoneToken = (await requestOtp(c.token, phone)).json().phone_token;
    const code = await lastOtpSentTo(t, phone);
    const wrong = await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ code: 'incorrect_otp', attr: 'otp', detail: expect.any(String) }]);
    const ok = await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ verified: true });
    expect(
      (await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp: code })).statusCode,
    ).toBe(200);
    const [row] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.phone, phone));
    expect(row!.verifiedAt).not.toBeNull();
    expect(row!.expiresAt.getTime() - row!.verifiedAt!.getTime()).toBe(SIGNUP_PHONE_TOKEN_TTL_SECONDS * 1000);
  });

  it(`kills the code after ${OTP_MAX_WRONG_TRIES} wrong tries, even for the right digits`, async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    const phoneToken = (await requestOtp(c.token, phone)).json().phone_token;
    const code = await lastOtpSentTo(t, phone);
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++)
      await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp: otherCode(code) });
    const res = await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('incorrect_otp');
  });

  it('refuses an expired code and an unknown token', async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    const phoneToken = (await requestOtp(c.token, phone)).json().phone_token;
    const code = await lastOtpSentTo(t, phone);
    await t.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.phone, phone));
    expect(
      (await post(t, '/api/signup/verify_otp/', { phone_token: phoneToken, otp: code })).json().errors[0]
        .code,
    ).toBe('incorrect_otp');
    expect((await post(t, '/api/signup/verify_otp/', { phone_token: 'inconnu', otp: code })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /signup/', () => {
  it('creates an activated employee linked to the identity and logs the person in', async () => {
    const c = await companyWithIdentity();
    // The link as HR copies it: matricule typed in another case, e-mail with capitals.
    const { phone, phoneToken } = await verifiedPhone(c.token);
    const res = await signup(
      signupBody(c, phoneToken, { serial: c.serial.toLowerCase(), email: 'Salma.Bennani@Exemple.ma' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json();
    expect(pair).toEqual({ access: expect.any(String), refresh: expect.any(String), otp_required: false });

    const account = await t.app.inject({
      method: 'GET',
      url: '/api/auth/account',
      headers: bearer(pair.access),
    });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      first_name: 'Salma',
      last_name: 'Bennani',
      email: 'salma.bennani@exemple.ma',
      phone,
      phone_confirmed: true,
      has_changed_password: true,
      company: { id: c.company.id, name: 'Atlas Textile' },
      roles: [],
    });

    const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
    const [employee] = await t.db.select().from(employees).where(eq(employees.userId, user!.id));
    expect(employee).toMatchObject({
      companyId: c.company.id,
      serial: c.serial,
      birthday: c.birthday,
      status: 'activated',
      isActive: true,
    });
    const [identity] = await t.db
      .select()
      .from(signupIdentities)
      .where(and(eq(signupIdentities.companyId, c.company.id), eq(signupIdentities.serial, c.serial)));
    expect(identity).toMatchObject({ isUsed: true, employeeId: employee!.id });
    const [check] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.phone, phone));
    expect(check!.usedAt).not.toBeNull();

    // The password works for a normal login, by phone or e-mail.
    const login = await post(t, '/api/auth/token', { username: local(phone), password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().otp_required).toBe(false);
  });

  it('refuses a wrong birthday or matricule with IDENTITY_NOT_FOUND, creating nothing', async () => {
    const c = await companyWithIdentity();
    const { phone, phoneToken } = await verifiedPhone(c.token);
    for (const extra of [{ birthday: '1992-07-15' }, { serial: 'INCONNU' }]) {
      const res = await signup(signupBody(c, phoneToken, extra));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        type: 'client_error',
        errors: [
          { code: 'IDENTITY_NOT_FOUND', attr: null, detail: 'Matricule ou date de naissance incorrects.' },
        ],
      });
    }
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    // The phone check was not spent: the right identity still works with it.
    expect((await signup(signupBody(c, phoneToken))).statusCode).toBe(200);
  });

  it("refuses another company's identity", async () => {
    const a = await companyWithIdentity();
    const b = await companyWithIdentity();
    const { phoneToken } = await verifiedPhone(b.token);
    const res = await signup(signupBody({ ...a, token: b.token }, phoneToken));
    expect(res.json().errors[0].code).toBe('IDENTITY_NOT_FOUND');
  });

  it('uses an identity once: a second signup with it gets IDENTITY_USED', async () => {
    const c = await companyWithIdentity();
    const first = await verifiedPhone(c.token);
    expect((await signup(signupBody(c, first.phoneToken))).statusCode).toBe(200);
    const second = await verifiedPhone(c.token);
    const res = await signup(signupBody(c, second.phoneToken, { first_name: 'Autre' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'IDENTITY_USED', attr: null });
    expect(await t.db.select().from(users).where(eq(users.phone, second.phone))).toHaveLength(0);
  });

  it('refuses an identity whose matricule an employee already has (HR added the person since)', async () => {
    const c = await companyWithIdentity();
    await createTestEmployee(t.db, c.company.id, { password: null, employee: { serial: c.serial } });
    const { phoneToken } = await verifiedPhone(c.token);
    expect((await signup(signupBody(c, phoneToken))).json().errors[0].code).toBe('IDENTITY_USED');
  });

  it('needs a verified, unused, live phone token', async () => {
    const c = await companyWithIdentity();
    const phone = uniquePhone();
    const unverified = (await requestOtp(c.token, phone)).json().phone_token;
    for (const token of [unverified, 'inconnu']) {
      const res = await signup(signupBody(c, token));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'phone_not_confirmed', attr: 'phone_token' });
    }
    const expired = await verifiedPhone(c.token);
    await t.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.phone, expired.phone));
    expect((await signup(signupBody(c, expired.phoneToken))).json().errors[0].code).toBe(
      'phone_not_confirmed',
    );

    const used = await verifiedPhone(c.token);
    expect((await signup(signupBody(c, used.phoneToken))).statusCode).toBe(200);
    const other = await companyWithIdentity();
    const again = await signup(signupBody({ ...other }, used.phoneToken));
    expect(again.json().errors[0].code).toBe('phone_not_confirmed');
  });

  it('refuses a phone taken by an account since the code was confirmed: PHONE_EXISTS', async () => {
    const c = await companyWithIdentity();
    const { phone, phoneToken } = await verifiedPhone(c.token);
    await createTestEmployee(t.db, c.company.id, { password: null, phone });
    const res = await signup(signupBody(c, phoneToken));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'PHONE_EXISTS', attr: 'phone' });
  });

  it('refuses an e-mail that is already a login: EMAIL_EXISTS', async () => {
    const c = await companyWithIdentity();
    const other = await createTestEmployee(t.db, c.company.id, { password: null });
    const { phoneToken } = await verifiedPhone(c.token);
    const res = await signup(signupBody(c, phoneToken, { email: other.user.email!.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'EMAIL_EXISTS', attr: 'email' });
  });

  it('applies the password policy on password and confirm_password', async () => {
    const c = await companyWithIdentity();
    const { phoneToken } = await verifiedPhone(c.token);
    const res = await signup(
      signupBody(c, phoneToken, { password: '12345678', confirm_password: '1234567' }),
    );
    expect(res.statusCode).toBe(400);
    const pairs = res.json().errors.map((e: { attr: string; code: string }) => [e.attr, e.code]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['confirm_password', 'PASSWORD_MISMATCH'],
        ['password', 'PASSWORD_TOO_COMMON'],
        ['password', 'PASSWORD_ENTIRELY_NUMERIC'],
      ]),
    );
    const similar = await signup(
      signupBody(c, phoneToken, { password: 'SalmaBennani', confirm_password: 'SalmaBennani' }),
    );
    expect(similar.json().errors[0]).toMatchObject({ attr: 'password', code: 'PASSWORD_TOO_SIMILAR' });
  });

  it('validates the fields and the link', async () => {
    const c = await companyWithIdentity();
    const res = await signup({ signup_token: c.token });
    expect(res.statusCode).toBe(400);
    const attrs = res.json().errors.map((e: { attr: string }) => e.attr);
    expect(attrs).toEqual(
      expect.arrayContaining(['phone_token', 'serial', 'birthday', 'first_name', 'last_name', 'password']),
    );
    const { phoneToken } = await verifiedPhone(c.token);
    const badDate = await signup(signupBody(c, phoneToken, { birthday: '14/07/1992' }));
    expect(badDate.json().errors[0]).toMatchObject({ attr: 'birthday', code: 'INVALID_DATE_FORMAT' });
    const badLink = await signup(signupBody({ ...c, token: 'inconnu' }, phoneToken));
    expect(badLink.json().errors[0]).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('two signups with the same identity at once: exactly one account is created', async () => {
    const c = await companyWithIdentity();
    const phones = [await verifiedPhone(c.token), await verifiedPhone(c.token), await verifiedPhone(c.token)];
    const results = await Promise.all(phones.map((p) => signup(signupBody(c, p.phoneToken))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const r of results.filter((r) => r.statusCode === 400))
      expect(r.json().errors[0].code).toBe('IDENTITY_USED');
    const created = await t.db.select().from(employees).where(eq(employees.companyId, c.company.id));
    expect(created.filter((e) => e.serial === c.serial)).toHaveLength(1);
  });

  it('one phone token used by two signups at once: one account', async () => {
    const a = await companyWithIdentity();
    const b = await companyWithIdentity();
    const { phone, phoneToken } = await verifiedPhone(a.token);
    const results = await Promise.all([
      signup(signupBody(a, phoneToken)),
      signup(signupBody({ ...b, token: b.token }, phoneToken)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });
});

describe('signup calls are public', () => {
  it('need no token and ignore a bad one', async () => {
    const c = await companyWithIdentity();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/signup/${c.token}`,
      headers: { authorization: 'Bearer nimporte-quoi' },
    });
    expect(res.statusCode).toBe(200);
  });
});
