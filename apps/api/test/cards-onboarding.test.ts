import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingTokens } from '../src/db/schema/cards.ts';
import { companies } from '../src/db/schema/companies.ts';
import {
  createOnboardingToken,
  useOnboardingToken,
} from '../src/modules/cards/onboarding/onboarding-tokens.ts';
import { createTenant, type Person, post, type Tenant } from './advances-helpers.ts';
import { lastOtpSentTo, messagesTo, otherCode } from './auth-test-utils.ts';
import { orderCardFor } from './cards-helpers.ts';
import { createActiveCard, uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestApp({
    CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: 3600,
    CARD_ISSUER_SANDBOX_DELIVER_SECONDS: 3600,
  });
  a = await createTenant(t);
  b = await createTenant(t);
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Array<{ code: string }> }).errors[0]?.code;
const publicPost = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

/** HR sends the link; answers the token read from the SMS in the outbox, as the person would. */
async function sendLink(emp: Person, channels: Array<'sms' | 'email'> = ['sms']) {
  const res = await post(t, `/api/employees/${emp.employee.id}/card/onboarding_link/`, a.rh.auth, {
    channels,
  });
  expect(res.statusCode, res.body).toBe(200);
  const to = channels.includes('sms') ? emp.user.phone! : emp.user.email!;
  const [message] = await messagesTo(t, to, channels.includes('sms') ? 'sms' : 'email');
  const token = /\/onboarding\?token=([^\s)]+)/.exec(message!.body)?.[1];
  if (!token) throw new Error(`no link in ${message?.body}`);
  return { res, token: decodeURIComponent(token), message: message! };
}

describe('HR sends a card-order link', () => {
  it('by SMS: a personal, expiring link in the outbox', async () => {
    const emp = await a.employee({ firstName: 'Karim' });
    const { res, message, token } = await sendLink(emp);
    expect(res.json()).toMatchObject({
      employee: emp.employee.id,
      sent: true,
      channels: ['sms'],
      reason: null,
    });
    expect(message.body).toContain(`${a.company.name} vous invite à commander votre carte prépayée Tasbiq`);
    expect(message.body).toContain('valable 72 h');
    const verified = await publicPost('/api/onboarding/verify/', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ first_name: 'Karim', company: a.company.name });
    expect(verified.json().phone_hint).toMatch(/^\+212 6•• ••• •\d\d$/);
  });

  it('by e-mail too; a new link ends the earlier one', async () => {
    const emp = await a.employee();
    const first = await sendLink(emp, ['sms']);
    const second = await sendLink(emp, ['email']);
    expect(second.message.subject).toBe('Commandez votre carte prépayée Tasbiq');
    expect(codeOf(await publicPost('/api/onboarding/verify/', { token: first.token }))).toBe('INVALID_TOKEN');
    expect((await publicPost('/api/onboarding/verify/', { token: second.token })).statusCode).toBe(200);
  });

  it('refuses someone who has a card, an order on its way, or no phone for an SMS', async () => {
    const holder = await a.employee();
    await createActiveCard(t.db, a.company.id, holder.employee.id);
    let res = await post(t, `/api/employees/${holder.employee.id}/card/onboarding_link/`, a.rh.auth, {});
    expect(codeOf(res)).toBe('EMPLOYEE_HAS_CARD');
    const ordering = await a.employee();
    await orderCardFor(t, ordering);
    res = await post(t, `/api/employees/${ordering.employee.id}/card/onboarding_link/`, a.rh.auth, {});
    expect(codeOf(res)).toBe('EMPLOYEE_HAS_CARD_ORDER');
    const noPhone = await a.employee({ phone: null });
    res = await post(t, `/api/employees/${noPhone.employee.id}/card/onboarding_link/`, a.rh.auth, {
      channels: ['sms'],
    });
    expect(codeOf(res)).toBe('EMPLOYEE_NO_PHONE');
  });

  it('in bulk: sends to those it can and says why not to the others', async () => {
    const one = await a.employee();
    const two = await a.employee();
    const holder = await a.employee();
    await createActiveCard(t.db, a.company.id, holder.employee.id);
    const foreign = await b.employee();
    const res = await post(t, '/api/card/onboarding_links/', a.rh.auth, {
      employees: [one.employee.id, two.employee.id, holder.employee.id, foreign.employee.id],
      channels: ['sms'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sent: 2, skipped: 2 });
    const byId = new Map(res.json().results.map((r: { employee: number }) => [r.employee, r]));
    expect(byId.get(holder.employee.id)).toMatchObject({ sent: false, reason: 'Vous avez déjà une carte.' });
    expect(byId.get(foreign.employee.id)).toMatchObject({ sent: false });
    expect(await messagesTo(t, foreign.user.phone!, 'sms')).toEqual([]);
    expect(await messagesTo(t, one.user.phone!, 'sms')).toHaveLength(1);
  });

  it('is HR’s own company only, and HR only', async () => {
    const emp = await a.employee();
    let res = await post(t, `/api/employees/${emp.employee.id}/card/onboarding_link/`, b.rh.auth, {});
    expect(res.statusCode).toBe(404);
    res = await post(t, `/api/employees/${emp.employee.id}/card/onboarding_link/`, emp.auth, {});
    expect(res.statusCode).toBe(403);
    res = await post(t, '/api/card/onboarding_links/', emp.auth, { employees: [emp.employee.id] });
    expect(res.statusCode).toBe(403);
  });
});

describe('onboarding links stay in their company', () => {
  it('a link made in one company never ends nor uses up another company’s link', async () => {
    const emp = await a.employee();
    const { token } = await sendLink(emp);
    const [live] = await t.db
      .select()
      .from(onboardingTokens)
      .where(eq(onboardingTokens.employeeId, emp.employee.id));
    // Another company's code path handed this employee's id (a forged or stale id).
    await createOnboardingToken(t.db, t.ctx.config.JWT_SECRET, {
      companyId: b.company.id,
      employeeId: emp.employee.id,
      sentBy: b.rh.user.id,
      channels: ['sms'],
      ttlHours: 24,
    });
    await expect(useOnboardingToken(t.db, b.company.id, live!.id)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
    const res = await publicPost('/api/onboarding/verify/', { token });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('/onboarding: token, phone, code', () => {
  it('refuses a forged, mangled, expired or used token with INVALID_TOKEN', async () => {
    const emp = await a.employee();
    const { token } = await sendLink(emp);
    const [random, signature] = token.split('.');
    for (const bad of [
      'nope',
      `${random}.${'A'.repeat(signature!.length)}`,
      `${'B'.repeat(32)}.${signature}`,
      `${token}.extra`,
    ]) {
      const res = await publicPost('/api/onboarding/verify/', { token: bad });
      expect(res.statusCode).toBe(400);
      expect(codeOf(res)).toBe('INVALID_TOKEN');
    }
    await t.db
      .update(onboardingTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(onboardingTokens.employeeId, emp.employee.id));
    expect(codeOf(await publicPost('/api/onboarding/verify/', { token }))).toBe('INVALID_TOKEN');

    const other = await a.employee();
    const second = await sendLink(other);
    const [row] = await t.db
      .select()
      .from(onboardingTokens)
      .where(eq(onboardingTokens.employeeId, other.employee.id));
    await useOnboardingToken(t.db, a.company.id, row!.id);
    expect(codeOf(await publicPost('/api/onboarding/verify/', { token: second.token }))).toBe(
      'INVALID_TOKEN',
    );
    await expect(useOnboardingToken(t.db, a.company.id, row!.id)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('a link dies with the company’s card feature', async () => {
    const tenant = await createTenant(t);
    const emp = await tenant.employee();
    const res = await post(t, `/api/employees/${emp.employee.id}/card/onboarding_link/`, tenant.rh.auth, {});
    const [sms] = await messagesTo(t, emp.user.phone!, 'sms');
    const token = decodeURIComponent(/token=([^\s)]+)/.exec(sms!.body)![1]!);
    expect(res.statusCode).toBe(200);
    await t.db.update(companies).set({ cardsEnabled: false }).where(eq(companies.id, tenant.company.id));
    expect(codeOf(await publicPost('/api/onboarding/verify/', { token }))).toBe('INVALID_TOKEN');
  });

  it('confirms the phone with a code: PHONE_EXISTS for another account’s number, incorrect_otp, then a phone token', async () => {
    const emp = await a.employee();
    const { token } = await sendLink(emp);
    const colleague = await a.employee();

    let res = await publicPost('/api/onboarding/request_otp/', {
      onboarding_token: token,
      phone: colleague.user.phone,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ attr: 'phone', code: 'PHONE_EXISTS' });
    res = await publicPost('/api/onboarding/request_otp/', { onboarding_token: token, phone: '0522334455' });
    expect(res.json().errors[0]).toMatchObject({ attr: 'phone', code: 'PHONE_NOT_MOBILE' });
    res = await publicPost('/api/onboarding/request_otp/', {
      onboarding_token: 'forged',
      phone: '0612345678',
    });
    expect(codeOf(res)).toBe('INVALID_TOKEN');

    const phone = uniquePhone();
    res = await publicPost('/api/onboarding/request_otp/', {
      onboarding_token: token,
      phone: `0${phone.slice(4)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const flow = res.json().token as string;
    const code = await lastOtpSentTo(t, phone);

    res = await publicPost('/api/onboarding/verify_otp/', { token: flow, otp: otherCode(code) });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('incorrect_otp');
    res = await publicPost('/api/onboarding/verify_otp/', { token: flow, otp: '12ab' });
    expect(res.json().errors[0]).toMatchObject({ attr: 'otp', code: 'INVALID_OTP' });
    res = await publicPost('/api/onboarding/verify_otp/', { token: 'x.y', otp: code });
    expect(codeOf(res)).toBe('INVALID_TOKEN');

    res = await publicPost('/api/onboarding/verify_otp/', { token: flow, otp: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db
      .select()
      .from(onboardingTokens)
      .where(eq(onboardingTokens.employeeId, emp.employee.id));
    expect(row!.confirmedPhone).toBe(phone);

    // A code works once.
    res = await publicPost('/api/onboarding/verify_otp/', { token: flow, otp: code });
    expect(codeOf(res)).toBe('incorrect_otp');
  });

  it('keeps the login’s limits: five codes an hour, then OTP_RETRIES_REACHED', async () => {
    const emp = await a.employee();
    const { token } = await sendLink(emp);
    const phone = uniquePhone();
    for (let i = 0; i < 5; i += 1) {
      const res = await publicPost('/api/onboarding/request_otp/', { onboarding_token: token, phone });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await publicPost('/api/onboarding/request_otp/', { onboarding_token: token, phone });
    expect(res.statusCode).toBe(429);
    expect(codeOf(res)).toBe('OTP_RETRIES_REACHED');
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('five wrong codes kill the code, even the right one after', async () => {
    const emp = await a.employee();
    const { token } = await sendLink(emp);
    const phone = uniquePhone();
    const flow = (await publicPost('/api/onboarding/request_otp/', { onboarding_token: token, phone })).json()
      .token;
    const code = await lastOtpSentTo(t, phone);
    for (let i = 0; i < 5; i += 1)
      expect(
        codeOf(await publicPost('/api/onboarding/verify_otp/', { token: flow, otp: otherCode(code) })),
      ).toBe('incorrect_otp');
    expect(codeOf(await publicPost('/api/onboarding/verify_otp/', { token: flow, otp: code }))).toBe(
      'incorrect_otp',
    );
  });
});
