import { ZCreateEmployeeResponse } from '@tasbiq/contracts/employees';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { passwordResetTokens } from '../src/db/schema/auth.ts';
import { employees } from '../src/db/schema/employees.ts';
import { bearerFor } from './auth-helpers.ts';
import { messagesTo } from './auth-test-utils.ts';
import { addEmployee, addGroup, hrCompany, uniqueCin } from './employees-helpers.ts';
import { createTestCompany, uniquePhone } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** POST /employees/: every field of spec §3, the §9 options, French errors, invitation by SMS/e-mail. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://app.tasbiq.test' });
});
afterAll(() => t.close());

let hr: Awaited<ReturnType<typeof hrCompany>>;
beforeAll(async () => {
  hr = await hrCompany(t, { name: 'Atlas Test SARL' });
});

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Salma',
    last_name: 'Bennis',
    phone: `0${uniquePhone().slice(4)}`,
    cin: uniqueCin(),
    salary: '8500',
    ...overrides,
  };
}

async function create(body: object, headers = hr.headers) {
  return t.app.inject({ method: 'POST', url: '/api/employees/', headers, payload: body });
}

function errorsOf(res: { json(): unknown }) {
  return (res.json() as { errors: Array<{ attr: string | null; code: string; detail: string }> }).errors;
}

describe('POST /employees/ success', () => {
  it('creates an invited employee with every field and sends the activation link by SMS and e-mail', async () => {
    const group = await addGroup(t, hr.company.id, 'Commercial');
    const res = await create({
      first_name: '  Salma ',
      last_name: 'Bennis',
      phone: '06 98 11 22 33',
      email: 'Salma.Bennis@Atlas.ma',
      cin: 'be 765432',
      serial: 'ATL-9001',
      group: group.id,
      salary: '12 500,50',
      hourly_rate: '65.10',
      net_payable: 10000,
      // A key is 01 to 97: 00 is always wrong.
      rib: '011 780 0000123456789012 00',
      birthday: '1990-04-12',
      advance_percentage: 40,
      max_advances_per_month: 3,
      max_free_advances_per_month: 2,
      total_max_advance_per_month: '4000',
      balance_method: 2,
      send_sms: true,
      send_email: true,
    });
    // That RIB has a wrong key on purpose: fix it and try again.
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      {
        attr: 'rib',
        code: 'INVALID_RIB',
        detail: "Le RIB n'est pas valide (24 chiffres avec une clé correcte).",
      },
    ]);

    const body22 = '0117800000123456789012';
    const key = (97n - ((BigInt(body22) * 100n) % 97n)).toString().padStart(2, '0');
    const ok = await create({
      first_name: '  Salma ',
      last_name: 'Bennis',
      phone: '06 98 11 22 33',
      email: 'Salma.Bennis@Atlas.ma',
      cin: 'be 765432',
      serial: 'ATL-9001',
      group: String(group.id),
      salary: '12 500,50',
      hourly_rate: '65.10',
      net_payable: 10000,
      rib: `${body22.slice(0, 3)} ${body22.slice(3)} ${key}`,
      birthday: '1990-04-12',
      advance_percentage: '40',
      max_advances_per_month: 3,
      max_free_advances_per_month: 2,
      total_max_advance_per_month: '4000',
      balance_method: 2,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const created = ZCreateEmployeeResponse.parse(ok.json());
    expect(created).toMatchObject({
      first_name: 'Salma',
      last_name: 'Bennis',
      phone: '+212698112233',
      email: 'salma.bennis@atlas.ma',
      cin: 'BE765432',
      serial: 'ATL-9001',
      group: { id: group.id, name: 'Commercial' },
      status: 'invited',
      is_active: true,
      is_restricted: false,
      account_type: 'employee',
      salary: '12500.50',
      hourly_rate: '65.10',
      net_payable: '10000.00',
      rib: `${body22}${key}`,
      birthday: '1990-04-12',
      advance_percentage: 40,
      max_advances_per_month: 3,
      max_free_advances_per_month: 2,
      total_max_advance_per_month: '4000.00',
      balance_method: 2,
      has_password: false,
      phone_confirmed: false,
      card: null,
      worked_time: null,
      recent_advances: [],
      pending_changes: [],
      invitation: { sms: true, email: true },
    });

    const [user] = await t.db.select().from(users).where(eq(users.phone, '+212698112233'));
    expect(user).toMatchObject({
      passwordHash: null,
      phoneConfirmedAt: null,
      companyId: hr.company.id,
      roles: [],
    });
    const links = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user!.id));
    expect(links).toHaveLength(1);
    expect(links[0]!.purpose).toBe('activation');
    const days = (links[0]!.expiresAt.getTime() - links[0]!.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(7);

    const [sms] = await messagesTo(t, '+212698112233', 'sms');
    expect(sms!.body).toMatch(/^Atlas Test SARL vous invite sur Tasbiq\./);
    expect(sms!.body).toMatch(/https:\/\/app\.tasbiq\.test\/activate\?token=[\w-]{43} /);
    const [mail] = await messagesTo(t, 'salma.bennis@atlas.ma', 'email');
    expect(mail!.subject).toBe('Atlas Test SARL vous invite sur Tasbiq');
    expect(mail!.body).toContain('Bonjour Salma,');
    expect(mail!.body).toContain('valable 7 jours');
    // The same token in both messages.
    const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)?.[1];
    expect(tokenIn(mail!.body)).toBe(tokenIn(sms!.body));
  });

  it('applies the defaults and sends only what was asked', async () => {
    const body = validBody({ email: '', serial: '', group: '', rib: ' ', birthday: '', send_sms: false });
    const res = await create({ ...body, email: 'only.mail@atlas.ma' });
    expect(res.statusCode, res.body).toBe(201);
    const created = ZCreateEmployeeResponse.parse(res.json());
    expect(created).toMatchObject({
      serial: null,
      group: null,
      rib: null,
      birthday: null,
      advance_percentage: 50,
      max_advances_per_month: -1,
      max_free_advances_per_month: 1,
      total_max_advance_per_month: '5000.00',
      balance_method: 1,
      hourly_rate: '0.00',
      net_payable: '0.00',
      invitation: { sms: false, email: true },
    });
    expect(await messagesTo(t, created.phone!, 'sms')).toHaveLength(0);

    const noMail = await create(validBody({ send_email: true }));
    expect(ZCreateEmployeeResponse.parse(noMail.json()).invitation).toEqual({ sms: true, email: false });
  });

  it('creates the employee even when the SMS gateway fails, and says so', async () => {
    t.ctx.sms.sandbox!.failNext();
    const res = await create(validBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toEqual({ sms: false, email: false });
    expect(res.json().status).toBe('invited');
  });
});

describe('POST /employees/ validation (French, DRF codes)', () => {
  it('names every missing required field', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).map((e) => [e.attr, e.code])).toEqual([
      ['first_name', 'required'],
      ['last_name', 'required'],
      ['phone', 'required'],
      ['cin', 'required'],
      ['salary', 'required'],
    ]);
    expect(errorsOf(res)[0]!.detail).toBe('ce champ est obligatoire');
  });

  it.each([
    [{ first_name: '  ' }, 'first_name', 'blank'],
    [{ first_name: 'x'.repeat(101) }, 'first_name', 'max_length'],
    [{ phone: '0812345678' }, 'phone', 'INVALID_PHONE'],
    [{ phone: '+33612345678' }, 'phone', 'INVALID_PHONE'],
    [{ email: 'pas-un-email' }, 'email', 'INVALID_EMAIL'],
    [{ cin: '123456' }, 'cin', 'INVALID_CIN'],
    [{ cin: 'ABC123' }, 'cin', 'INVALID_CIN'],
    [{ salary: '0' }, 'salary', 'min_value'],
    [{ salary: '-10' }, 'salary', 'invalid'],
    [{ salary: '12.345' }, 'salary', 'invalid'],
    [{ salary: 'mille' }, 'salary', 'invalid'],
    [{ hourly_rate: 'x' }, 'hourly_rate', 'invalid'],
    [{ net_payable: '1e5' }, 'net_payable', 'invalid'],
    [{ rib: '12345' }, 'rib', 'INVALID_RIB'],
    [{ birthday: '12/04/1990' }, 'birthday', 'invalid'],
    [{ birthday: '1990-02-30' }, 'birthday', 'invalid'],
    [{ birthday: '2999-01-01' }, 'birthday', 'invalid'],
    [{ advance_percentage: 35 }, 'advance_percentage', 'invalid_choice'],
    [{ advance_percentage: 0 }, 'advance_percentage', 'invalid_choice'],
    [{ advance_percentage: 110 }, 'advance_percentage', 'invalid_choice'],
    [{ max_advances_per_month: 0 }, 'max_advances_per_month', 'invalid_choice'],
    [{ max_advances_per_month: 10 }, 'max_advances_per_month', 'invalid_choice'],
    [{ max_advances_per_month: -2 }, 'max_advances_per_month', 'invalid_choice'],
    [{ max_free_advances_per_month: -1 }, 'max_free_advances_per_month', 'min_value'],
    [{ max_free_advances_per_month: 1.5 }, 'max_free_advances_per_month', 'invalid'],
    [{ total_max_advance_per_month: '0' }, 'total_max_advance_per_month', 'min_value'],
    [{ total_max_advance_per_month: '0.00' }, 'total_max_advance_per_month', 'min_value'],
    [{ balance_method: 0 }, 'balance_method', 'invalid_choice'],
    [{ balance_method: 5 }, 'balance_method', 'invalid_choice'],
    [{ send_sms: 'oui' }, 'send_sms', 'invalid'],
    [{ group: 'abc' }, 'group', 'invalid'],
  ])('refuses %o', async (override, attr, code) => {
    const res = await create(validBody(override));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res)).toEqual([expect.objectContaining({ attr, code })]);
  });

  it('accepts every §9 option', async () => {
    for (const advance_percentage of [10, 100]) {
      for (const max_advances_per_month of [1, 9, -1]) {
        const res = await create(
          validBody({ advance_percentage, max_advances_per_month, balance_method: 4, send_sms: false }),
        );
        expect(res.statusCode, res.body).toBe(201);
      }
    }
  });

  it('says min_value in French with the minimum', async () => {
    const res = await create(validBody({ salary: '0' }));
    expect(errorsOf(res)[0]!.detail).toBe('Assurez-vous que cette valeur est supérieure ou égale à 0.01.');
  });

  it('answers does_not_exist for a group of another company or no group at all', async () => {
    const other = await createTestCompany(t.db);
    const foreign = await addGroup(t, other.id, 'Ailleurs');
    for (const group of [foreign.id, 999_999]) {
      const res = await create(validBody({ group }));
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        { attr: 'group', code: 'does_not_exist', detail: "L'élément sélectionné n'existe pas." },
      ]);
    }
  });
});

describe('POST /employees/ uniqueness', () => {
  it('answers PHONE_EXISTS, CIN_EXISTS, EMAIL_EXISTS and SERIAL_EXISTS together, in French', async () => {
    const existing = await addEmployee(t, hr.company.id, {
      email: 'pris@atlas.ma',
      cin: 'BK111222',
      employee: { serial: 'DUP-1' },
    });
    const res = await create(
      validBody({
        phone: `0${existing.user.phone!.slice(4)}`,
        cin: 'bk111222',
        email: 'PRIS@atlas.ma',
        serial: 'DUP-1',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('validation_error');
    expect(errorsOf(res)).toEqual([
      { attr: 'phone', code: 'PHONE_EXISTS', detail: 'Ce numéro de téléphone est déjà utilisé.' },
      { attr: 'email', code: 'EMAIL_EXISTS', detail: 'Cette adresse e-mail est déjà utilisée.' },
      { attr: 'cin', code: 'CIN_EXISTS', detail: 'Ce numéro de CIN est déjà utilisé.' },
      { attr: 'serial', code: 'SERIAL_EXISTS', detail: 'Ce matricule est déjà utilisé.' },
    ]);
  });

  it('checks phone, e-mail and CIN across companies, the matricule within the company', async () => {
    const other = await createTestCompany(t.db);
    const elsewhere = await addEmployee(t, other.id, { cin: 'BK333444', employee: { serial: 'SAME-1' } });
    const cin = await create(validBody({ cin: 'BK333444' }));
    expect(errorsOf(cin).map((e) => e.code)).toEqual(['CIN_EXISTS']);
    const phone = await create(validBody({ phone: elsewhere.user.phone }));
    expect(errorsOf(phone).map((e) => e.code)).toEqual(['PHONE_EXISTS']);
    const serial = await create(validBody({ serial: 'SAME-1', send_sms: false }));
    expect(serial.statusCode).toBe(201);
  });

  it('leaves nothing behind when refused', async () => {
    const before = await t.db.$count(employees);
    await create(validBody({ cin: 'BK111222' }));
    expect(await t.db.$count(employees)).toBe(before);
  });

  it('of two concurrent creations of one person, exactly one succeeds', async () => {
    const body = validBody({ send_sms: false });
    const results = await Promise.all([
      create(body),
      create({ ...body, phone: `0${uniquePhone().slice(4)}` }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(errorsOf(refused).map((e) => e.code)).toEqual(['CIN_EXISTS']);
  });
});

describe('POST /employees/ access', () => {
  it('is for HR only', async () => {
    const company = await createTestCompany(t.db);
    const employee = await addEmployee(t, company.id);
    const res = await create(validBody(), await bearerFor(t, employee.user.id));
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/employees/', payload: validBody() })).statusCode,
    ).toBe(401);
  });

  it('lets a DRH add people too', async () => {
    const drh = await addEmployee(t, hr.company.id, { roles: ['DRH'] });
    const res = await create(validBody({ send_sms: false }), await bearerFor(t, drh.user.id));
    expect(res.statusCode).toBe(201);
  });
});
