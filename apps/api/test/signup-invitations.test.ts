import { SIGNUP_INVITATIONS_MAX } from '@tasbiq/contracts/signup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/companies.ts';
import { signupInvitations } from '../src/db/schema/people.ts';
import { bearerFor } from './auth-helpers.ts';
import { messagesTo } from './auth-test-utils.ts';
import { createTestCompany, createTestEmployee, uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.tasbiq.ma/' });
});
afterAll(() => t.close());

async function hrCompany() {
  const company = await createTestCompany(t.db, { name: 'Atlas Textile' });
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  const plain = await createTestEmployee(t.db, company.id, { password: null });
  return {
    company,
    rhId: rh.user.id,
    rh: await bearerFor(t, rh.user.id),
    plain: await bearerFor(t, plain.user.id),
  };
}

const call = (path: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/company/signup_invitation/${path}/`, headers, payload });

let seq = 0;
const uniqueEmail = () => `invite.${Date.now().toString(36)}.${seq++}@exemple.ma`;
const local = (phone: string) => `0${phone.slice(4)}`;

describe('POST /company/signup_invitation/parse_emails/', () => {
  it('answers valid, invalid, duplicates and already registered addresses', async () => {
    const hr = await hrCompany();
    const taken = await createTestEmployee(t.db, hr.company.id, { password: null });
    const fresh = uniqueEmail();
    const text = `${fresh.toUpperCase()}\n${fresh}; pas-un-email, ${taken.user.email!.toUpperCase()} autre@exemple`;
    const res = await call('parse_emails', hr.rh, { text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: [fresh],
      invalid: ['pas-un-email', 'autre@exemple'],
      duplicates: [fresh],
      already_registered: [taken.user.email],
    });
  });

  it('validates its body', async () => {
    const hr = await hrCompany();
    const missing = await call('parse_emails', hr.rh, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ attr: 'text', code: 'required' });
    const tooLong = await call('parse_emails', hr.rh, { text: 'a'.repeat(200_001) });
    expect(tooLong.json().errors[0]).toMatchObject({ attr: 'text', code: 'max_length' });
  });
});

describe('POST /company/signup_invitation/parse_phones/', () => {
  it('normalises 06…, +212… and spaced numbers; reports the rest', async () => {
    const hr = await hrCompany();
    const taken = await createTestEmployee(t.db, hr.company.id, { password: null });
    const a = uniquePhone();
    const b = uniquePhone();
    const spaced = local(b).replace(/(\d{2})(?=\d)/g, '$1 ');
    const text = `${local(a)}\n${a};${spaced}\n${local(taken.user.phone!)}, 0812345, abc`;
    const res = await call('parse_phones', hr.rh, { text });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: [a, b],
      invalid: ['0812345', 'abc'],
      duplicates: [a],
      already_registered: [taken.user.phone],
    });
  });
});

describe('POST /company/signup_invitation/bulk_send_signup_email/ and bulk_send_signup_sms/', () => {
  it("e-mails the company's signup link and logs each invitation", async () => {
    const hr = await hrCompany();
    const taken = await createTestEmployee(t.db, hr.company.id, { password: null });
    const [x, y] = [uniqueEmail(), uniqueEmail()];
    const res = await call('bulk_send_signup_email', hr.rh, {
      emails: [x, y.toUpperCase(), y, taken.user.email],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 2, failed: 0, skipped: 2 });

    const link = `https://app.tasbiq.ma/signup/${hr.company.signupToken}`;
    for (const to of [x, y]) {
      const [mail, ...others] = await messagesTo(t, to, 'email');
      expect(others).toHaveLength(0);
      expect(mail!.subject).toBe('Atlas Textile vous invite sur Tasbiq');
      expect(mail!.body).toContain(link);
    }
    expect(await messagesTo(t, taken.user.email!, 'email')).toHaveLength(0);
    const logged = await t.db
      .select()
      .from(signupInvitations)
      .where(eq(signupInvitations.companyId, hr.company.id));
    expect(logged.map((l) => [l.channel, l.recipient, l.sentBy]).sort()).toEqual(
      [
        ['email', x, hr.rhId],
        ['email', y, hr.rhId],
      ].sort(),
    );
  });

  it('texts the link to normalised phones and counts gateway failures', async () => {
    const hr = await hrCompany();
    const [a, b, c] = [uniquePhone(), uniquePhone(), uniquePhone()];
    t.ctx.sms.sandbox!.failNext(1);
    const res = await call('bulk_send_signup_sms', hr.rh, { phones: [local(a), b, `+212 ${c.slice(4)}`] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 2, failed: 1, skipped: 0 });
    const delivered = (
      await Promise.all(
        [a, b, c].map(async (to) => (await messagesTo(t, to, 'sms')).filter((m) => m.status === 'sent')),
      )
    ).flat();
    expect(delivered).toHaveLength(2);
    for (const sms of delivered)
      expect(sms.body).toBe(
        `Atlas Textile vous invite sur Tasbiq. Créez votre compte : https://app.tasbiq.ma/signup/${hr.company.signupToken}`,
      );
    const logged = await t.db
      .select()
      .from(signupInvitations)
      .where(eq(signupInvitations.companyId, hr.company.id));
    expect(logged).toHaveLength(2);
    expect(logged.every((l) => l.channel === 'sms')).toBe(true);
  });

  it('refuses invalid addresses and lists that are empty or too long, sending nothing', async () => {
    const hr = await hrCompany();
    const fresh = uniqueEmail();
    const invalid = await call('bulk_send_signup_email', hr.rh, { emails: [fresh, 'pas-un-email'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { attr: 'emails.1', code: 'INVALID_EMAIL', detail: expect.any(String) },
    ]);
    expect(await messagesTo(t, fresh)).toHaveLength(0);

    const badPhone = await call('bulk_send_signup_sms', hr.rh, { phones: ['0812'] });
    expect(badPhone.json().errors[0]).toMatchObject({ attr: 'phones.0', code: 'INVALID_PHONE' });
    const empty = await call('bulk_send_signup_sms', hr.rh, { phones: [] });
    expect(empty.json().errors[0]).toMatchObject({ attr: 'phones', code: 'min_length' });
    const tooMany = Array.from({ length: SIGNUP_INVITATIONS_MAX + 1 }, (_, i) => `n${i}@exemple.ma`);
    const over = await call('bulk_send_signup_email', hr.rh, { emails: tooMany });
    expect(over.json().errors[0]).toMatchObject({ attr: 'emails', code: 'max_length' });
  });

  it('answers SIGNUP_DISABLED when the company has no signup link', async () => {
    const hr = await hrCompany();
    await t.db.update(companies).set({ signupToken: null }).where(eq(companies.id, hr.company.id));
    const email = uniqueEmail();
    for (const [path, payload] of [
      ['bulk_send_signup_email', { emails: [email] }],
      ['bulk_send_signup_sms', { phones: [uniquePhone()] }],
    ] as const) {
      const res = await call(path, hr.rh, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        type: 'client_error',
        errors: [{ code: 'SIGNUP_DISABLED', attr: null, detail: expect.stringContaining('inscription') }],
      });
    }
    expect(await messagesTo(t, email)).toHaveLength(0);
  });

  it('answers 403 to an employee without an HR role', async () => {
    const hr = await hrCompany();
    const email = uniqueEmail();
    for (const [path, payload] of [
      ['parse_emails', { text: email }],
      ['parse_phones', { text: '0612345678' }],
      ['bulk_send_signup_email', { emails: [email] }],
      ['bulk_send_signup_sms', { phones: [uniquePhone()] }],
    ] as const) {
      const res = await call(path, hr.plain, payload);
      expect(res.statusCode, path).toBe(403);
    }
    expect(await messagesTo(t, email)).toHaveLength(0);
    expect((await call('parse_emails', {}, { text: email })).statusCode).toBe(401);
  });
});
