import { ZEmployeeDetail } from '@tasbiq/contracts/employees';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { passwordResetTokens } from '../src/db/schema/auth.ts';
import { employeeWorkedTime } from '../src/db/schema/employees.ts';
import { prepaidCards } from '../src/db/schema/money.ts';
import { casablancaDate, toWireDateTime } from '../src/lib/time.ts';
import { bearerFor } from './auth-helpers.ts';
import { messagesTo, post } from './auth-test-utils.ts';
import { addEmployee, addGroup, hrCompany, linkTokenIn } from './employees-helpers.ts';
import {
  createActiveCard,
  createTestCompany,
  createTestEmployee,
  TEST_PASSWORD,
  uniquePhone,
} from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** GET /employees/{id}, PUT /employees/{id}/, links sent by HR, the employee's own profile. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let hr: Awaited<ReturnType<typeof hrCompany>>;
beforeAll(async () => {
  hr = await hrCompany(t, { name: 'Atlas Gestion' });
});

function errorsOf(res: { json(): unknown }) {
  return (res.json() as { errors: Array<{ attr: string | null; code: string; detail: string }> }).errors;
}
const get = (id: number | string, headers = hr.headers) =>
  t.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers });
const put = (id: number | string, payload: object, headers = hr.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/employees/${id}/`, headers, payload });

describe('GET /employees/{id}', () => {
  it('answers the profile, balance settings, worked time of this month and placeholders', async () => {
    const group = await addGroup(t, hr.company.id, 'Usine');
    const { employee, user } = await addEmployee(t, hr.company.id, {
      firstName: 'Omar',
      lastName: 'Kettani',
      employee: {
        groupId: group.id,
        serial: 'U-77',
        salaryCentimes: 600_000n,
        hourlyRateCentimes: 3_460n,
        advancePercentage: 30,
        maxAdvancesPerMonth: 2,
        totalMaxAdvancePerMonthCentimes: 200_000n,
        balanceMethod: 2,
        birthday: '1988-07-01',
      },
    });
    const [year, month] = casablancaDate(new Date()).split('-').map(Number) as [number, number];
    await t.db.insert(employeeWorkedTime).values([
      {
        companyId: hr.company.id,
        employeeId: employee.id,
        year,
        month,
        workedDays: '12.5',
        workedHours: '100',
      },
      {
        companyId: hr.company.id,
        employeeId: employee.id,
        year: year - 1,
        month,
        workedDays: '26',
        workedHours: '191',
      },
    ]);
    const res = await get(employee.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZEmployeeDetail.parse(res.json())).toEqual({
      id: employee.id,
      first_name: 'Omar',
      last_name: 'Kettani',
      email: user.email,
      phone: user.phone,
      cin: user.cin,
      serial: 'U-77',
      group: { id: group.id, name: 'Usine' },
      status: 'invited',
      is_active: true,
      is_restricted: false,
      account_type: 'employee',
      salary: '6000.00',
      hourly_rate: '34.60',
      net_payable: '0.00',
      rib: null,
      birthday: '1988-07-01',
      advance_percentage: 30,
      max_advances_per_month: 2,
      max_free_advances_per_month: 1,
      total_max_advance_per_month: '2000.00',
      balance_method: 2,
      has_password: false,
      phone_confirmed: true,
      card: null,
      worked_time: { year, month, worked_days: '12.50', worked_hours: '100.00' },
      recent_advances: [],
      pending_changes: [],
      created: toWireDateTime(employee.createdAt),
      updated: expect.any(String),
    });
  });

  it('shows the prepaid card as GET /employees/{id}/card does, and null for an employee without one', async () => {
    const holder = await addEmployee(t, hr.company.id, { firstName: 'Imane', lastName: 'Carte' });
    const without = await addEmployee(t, hr.company.id, { firstName: 'Yassine', lastName: 'Sanscarte' });
    const canceled = await addEmployee(t, hr.company.id, { firstName: 'Rachid', lastName: 'Annule' });
    await createActiveCard(t.db, hr.company.id, holder.employee.id, '4821');
    await t.db
      .insert(prepaidCards)
      .values({ companyId: hr.company.id, employeeId: canceled.employee.id, status: 'canceled' });
    const card = ZEmployeeDetail.parse((await get(holder.employee.id)).json()).card;
    expect(card).toMatchObject({ status: 'active', status_label: expect.any(String), last4: '4821' });
    expect((await get(without.employee.id)).json().card).toBeNull();
    // A canceled card is still shown (to say so), exactly like the card endpoint.
    for (const person of [holder, without, canceled]) {
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/employees/${person.employee.id}/card`,
        headers: hr.headers,
      });
      expect((await get(person.employee.id)).json().card).toEqual(own.json().card);
    }
    expect((await get(canceled.employee.id)).json().card).toMatchObject({ status: 'canceled' });
  });

  it('GET /employees/?has_card= keeps those with (or without) a live card: the card-order links screen', async () => {
    const other = await hrCompany(t, { name: 'Autre Carte' });
    const holder = await addEmployee(t, other.company.id, { firstName: 'Amal', lastName: 'Avec' });
    const none = await addEmployee(t, other.company.id, { firstName: 'Badr', lastName: 'Sans' });
    const gone = await addEmployee(t, other.company.id, { firstName: 'Chama', lastName: 'Annulee' });
    await createActiveCard(t.db, other.company.id, holder.employee.id, '1111');
    await t.db
      .insert(prepaidCards)
      .values({ companyId: other.company.id, employeeId: gone.employee.id, status: 'canceled' });
    const list = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/employees/?limit=100&${query}`,
          headers: other.headers,
        })
      ).json() as { results: Array<{ id: number }> };
    const without = (await list('has_card=false')).results.map((e) => e.id);
    expect(without).toContain(none.employee.id);
    expect(without).toContain(gone.employee.id);
    expect(without).not.toContain(holder.employee.id);
    expect((await list('has_card=true')).results.map((e) => e.id)).toEqual([holder.employee.id]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/employees/?has_card=peut-etre',
      headers: other.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it.each(['abc', '0', '99999999999', '999999'])('answers 404 for /employees/%s', async (id) => {
    const res = await get(id);
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]!.code).toBe('not_found');
  });
});

describe('PUT /employees/{id}/', () => {
  it('changes pay, limits, method, group, restriction, e-mail and phone', async () => {
    const group = await addGroup(t, hr.company.id, 'Commercial');
    // 8 000 → 9 000 DH: a raise under the 20 % that needs a DRH (decision 025).
    const { employee, user } = await addEmployee(t, hr.company.id, {
      employee: { salaryCentimes: 800_000n },
    });
    const res = await put(employee.id, {
      salary: '9 000,00',
      hourly_rate: '51.9',
      net_payable: '7200',
      advance_percentage: 60,
      max_advances_per_month: -1,
      max_free_advances_per_month: 0,
      total_max_advance_per_month: '3000',
      balance_method: 3,
      group: group.id,
      is_restricted: true,
      email: 'Nouveau.Mail@Atlas.ma',
      phone: '0677889900',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      salary: '9000.00',
      hourly_rate: '51.90',
      net_payable: '7200.00',
      advance_percentage: 60,
      max_advances_per_month: -1,
      max_free_advances_per_month: 0,
      total_max_advance_per_month: '3000.00',
      balance_method: 3,
      group: { id: group.id, name: 'Commercial' },
      is_restricted: true,
      email: 'nouveau.mail@atlas.ma',
      phone: '+212677889900',
      // A new number must be confirmed again by OTP.
      phone_confirmed: false,
    });
    expect(new Date(res.json().updated).getTime()).toBeGreaterThan(employee.updatedAt.getTime());
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.phoneConfirmedAt).toBeNull();

    const ungroup = await put(employee.id, { group: null, email: null });
    expect(ungroup.json()).toMatchObject({ group: null, email: null });
    const keep = await put(employee.id, {});
    expect(keep.statusCode).toBe(200);
    expect(keep.json()).toMatchObject({ salary: '9000.00', phone: '+212677889900' });
  });

  it('keeps a confirmed phone confirmed when the same number is sent again', async () => {
    const { employee, user } = await addEmployee(t, hr.company.id);
    const res = await put(employee.id, { phone: user.phone, email: user.email });
    expect(res.json().phone_confirmed).toBe(true);
  });

  it.each(['cin', 'rib', 'first_name', 'last_name', 'birthday', 'serial'])(
    'refuses %s with a French pointer to the change request',
    async (field) => {
      const { employee } = await addEmployee(t, hr.company.id);
      const res = await put(employee.id, { [field]: 'X', salary: '100' });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([
        {
          attr: field,
          code: 'CHANGE_REQUEST_REQUIRED',
          detail:
            'Ce champ ne peut pas être modifié directement : faites une demande de modification, validée par le DRH.',
        },
      ]);
      expect((await get(employee.id)).json().salary).toBe('0.00');
    },
  );

  it.each([
    [{ salary: '0' }, 'salary', 'min_value'],
    [{ salary: null }, 'salary', 'null'],
    [{ advance_percentage: 15 }, 'advance_percentage', 'invalid_choice'],
    [{ max_advances_per_month: 12 }, 'max_advances_per_month', 'invalid_choice'],
    [{ balance_method: 9 }, 'balance_method', 'invalid_choice'],
    [{ total_max_advance_per_month: '0' }, 'total_max_advance_per_month', 'min_value'],
    [{ is_active: 'non' }, 'is_active', 'invalid'],
    [{ phone: '12' }, 'phone', 'INVALID_PHONE'],
    [{ email: 'x@' }, 'email', 'INVALID_EMAIL'],
  ])('refuses %o', async (body, attr, code) => {
    const { employee } = await addEmployee(t, hr.company.id);
    const res = await put(employee.id, body);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([expect.objectContaining({ attr, code })]);
  });

  it('answers PHONE_EXISTS, EMAIL_EXISTS and does_not_exist for a foreign group', async () => {
    const taken = await addEmployee(t, hr.company.id, { email: 'deja@atlas.ma' });
    const { employee } = await addEmployee(t, hr.company.id);
    const foreignGroup = await addGroup(t, (await createTestCompany(t.db)).id, 'Ailleurs');
    const res = await put(employee.id, {
      phone: taken.user.phone,
      email: 'DEJA@atlas.ma',
      group: foreignGroup.id,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res).map((e) => [e.attr, e.code])).toEqual([
      ['group', 'does_not_exist'],
      ['phone', 'PHONE_EXISTS'],
      ['email', 'EMAIL_EXISTS'],
    ]);
  });

  it('answers EMPLOYEE_UPDATE_DEFAULT_ERROR when the update fails unexpectedly', async () => {
    const { employee } = await addEmployee(t, hr.company.id);
    const spy = vi.spyOn(t.db, 'transaction').mockRejectedValueOnce(new Error('connection reset'));
    try {
      const res = await put(employee.id, { salary: '100' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        type: 'server_error',
        errors: [
          {
            code: 'EMPLOYEE_UPDATE_DEFAULT_ERROR',
            detail: "La mise à jour du salarié n'a pas pu être effectuée.",
            attr: null,
          },
        ],
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates (login refused with inactive_account), then reactivates as it was', async () => {
    const phone = uniquePhone();
    const { employee } = await createTestEmployee(t.db, hr.company.id, {
      phone,
      email: `actif.${employeeSuffix()}@atlas.ma`,
      employee: { status: 'activated' },
    });
    expect((await post(t, '/api/auth/token', { username: phone, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );

    const off = await put(employee.id, { is_active: false });
    expect(off.json()).toMatchObject({ is_active: false, status: 'deactivated' });
    const refused = await post(t, '/api/auth/token', { username: phone, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]!.code).toBe('inactive_account');

    const on = await put(employee.id, { is_active: true });
    expect(on.json()).toMatchObject({ is_active: true, status: 'activated' });
    expect((await post(t, '/api/auth/token', { username: phone, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('a deactivated session stops working at once', async () => {
    const { employee, user } = await addEmployee(t, hr.company.id);
    const headers = await bearerFor(t, user.id);
    await put(employee.id, { is_active: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/account', headers });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res)[0]!.code).toBe('inactive_account');
  });

  it('brings back an employee who never activated as invited', async () => {
    const { employee } = await addEmployee(t, hr.company.id);
    await put(employee.id, { is_active: false });
    expect((await put(employee.id, { is_active: true })).json()).toMatchObject({
      status: 'invited',
      is_active: true,
    });
  });

  it('refuses to let an RH deactivate themselves', async () => {
    const me = await get(hr.rh.employee.id);
    expect(me.statusCode).toBe(200);
    const res = await put(hr.rh.employee.id, { is_active: false });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([
      {
        attr: 'is_active',
        code: 'CANNOT_DEACTIVATE_SELF',
        detail: 'Vous ne pouvez pas désactiver votre propre compte.',
      },
    ]);
    // Other changes to one's own record still go through, but not one's pay (decision 025).
    expect((await put(hr.rh.employee.id, { group: null })).statusCode).toBe(200);
    expect(errorsOf(await put(hr.rh.employee.id, { salary: '15000' }))[0]!.code).toBe('SELF_EDIT_FORBIDDEN');
  });
});

let suffix = 0;
function employeeSuffix() {
  suffix += 1;
  return `${Date.now().toString(36)}${suffix}`;
}

describe('POST /employees/{id}/send_activation_link/ and /reset_password/', () => {
  it('sends a new activation link to an invited employee (the old one dies), by SMS and e-mail', async () => {
    const { employee, user } = await addEmployee(t, hr.company.id);
    const first = await post(
      t,
      `/api/employees/${employee.id}/send_activation_link/`,
      { send_sms: true },
      hr.headers,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      detail: "Le lien d'activation a été envoyé par SMS et par e-mail.",
      channels: ['sms', 'email'],
    });
    const [sms] = await messagesTo(t, user.phone!, 'sms');
    expect(sms!.body).toContain('Atlas Gestion vous invite sur Tasbiq');
    const token = linkTokenIn(sms!.body);
    const verify = await post(t, '/api/auth/activation/verify', { token });
    expect(verify.json()).toEqual({ first_name: user.firstName, company: 'Atlas Gestion' });

    // One link a minute: a double click does not send two SMS.
    const again = await post(
      t,
      `/api/employees/${employee.id}/send_activation_link/`,
      { send_sms: true },
      hr.headers,
    );
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toMatch(/^\d+$/);

    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const byMail = await post(
      t,
      `/api/employees/${employee.id}/send_activation_link/`,
      { send_sms: false },
      hr.headers,
    );
    expect(byMail.json().channels).toEqual(['email']);
    const [mail] = await messagesTo(t, user.email!, 'email');
    expect(linkTokenIn(mail!.body)).not.toBe(token);
    expect((await post(t, '/api/auth/activation/verify', { token })).statusCode).toBe(400);
    expect(
      (await post(t, '/api/auth/activation/verify', { token: linkTokenIn(mail!.body) })).statusCode,
    ).toBe(200);
  });

  it('sends by SMS when called without a body', async () => {
    const { employee } = await addEmployee(t, hr.company.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${employee.id}/send_activation_link/`,
      headers: hr.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels).toContain('sms');
  });

  it('refuses e-mail only when there is no address', async () => {
    const { employee } = await addEmployee(t, hr.company.id, { email: null });
    const res = await post(
      t,
      `/api/employees/${employee.id}/send_activation_link/`,
      { send_sms: false },
      hr.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toMatchObject({ attr: 'send_sms', code: 'EMPLOYEE_HAS_NO_EMAIL' });
  });

  it('answers 502 when no channel could carry the link', async () => {
    const { employee } = await addEmployee(t, hr.company.id, { email: null });
    t.ctx.sms.sandbox!.failNext();
    const res = await post(
      t,
      `/api/employees/${employee.id}/send_activation_link/`,
      { send_sms: true },
      hr.headers,
    );
    expect(res.statusCode).toBe(502);
  });

  it('activation links are for invited employees only, reset links for activated ones only', async () => {
    const activated = await addEmployee(t, hr.company.id, {
      passwordHash: 'x',
      employee: { status: 'activated' },
    });
    const invited = await addEmployee(t, hr.company.id);
    const deactivated = await addEmployee(t, hr.company.id, {
      isActive: false,
      employee: { status: 'deactivated', isActive: false },
    });
    for (const id of [activated.employee.id, deactivated.employee.id]) {
      const res = await post(t, `/api/employees/${id}/send_activation_link/`, { send_sms: true }, hr.headers);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]!.code).toBe('EMPLOYEE_NOT_INVITED');
    }
    for (const id of [invited.employee.id, deactivated.employee.id]) {
      const res = await post(t, `/api/employees/${id}/reset_password/`, { send_sms: true }, hr.headers);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]!.code).toBe('EMPLOYEE_NOT_ACTIVATED');
    }
  });

  it('sends a reset link that /auth/password-reset/confirm accepts', async () => {
    const phone = uniquePhone();
    const { employee, user } = await createTestEmployee(t.db, hr.company.id, {
      phone,
      employee: { status: 'activated' },
    });
    const res = await post(
      t,
      `/api/employees/${employee.id}/reset_password/`,
      { send_sms: true },
      hr.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detail).toBe('Le lien de réinitialisation a été envoyé par SMS et par e-mail.');
    const [sms] = await messagesTo(t, phone, 'sms');
    expect(sms!.body).toMatch(/\/reset\?token=/);
    const token = linkTokenIn(sms!.body);
    expect((await post(t, '/api/auth/activation/verify', { token })).statusCode).toBe(400);
    const confirm = await post(t, '/api/auth/password-reset/confirm', {
      token,
      new_password: 'Nouveau#Depart42',
      confirm_password: 'Nouveau#Depart42',
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(
      (await post(t, '/api/auth/token', { username: user.email, password: 'Nouveau#Depart42' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /employees/profile/', () => {
  it("changes the employee's own e-mail and answers the profile", async () => {
    const { user, employee } = await addEmployee(t, hr.company.id);
    const headers = await bearerFor(t, user.id);
    const res = await post(t, '/api/employees/profile/', { email: 'Moi@Perso.ma' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZEmployeeDetail.parse(res.json())).toMatchObject({ id: employee.id, email: 'moi@perso.ma' });
    const unchanged = await post(t, '/api/employees/profile/', {}, headers);
    expect(unchanged.json().email).toBe('moi@perso.ma');
  });

  it('answers EMAIL_EXISTS and refuses identity, bank, pay and phone', async () => {
    const other = await addEmployee(t, hr.company.id, { email: 'occupe@atlas.ma' });
    const { user } = await addEmployee(t, hr.company.id);
    const headers = await bearerFor(t, user.id);
    const taken = await post(t, '/api/employees/profile/', { email: other.user.email }, headers);
    expect(taken.statusCode).toBe(400);
    expect(errorsOf(taken)).toEqual([
      { attr: 'email', code: 'EMAIL_EXISTS', detail: 'Cette adresse e-mail est déjà utilisée.' },
    ]);
    for (const field of ['cin', 'rib', 'first_name', 'last_name', 'phone', 'salary', 'serial']) {
      const res = await post(t, '/api/employees/profile/', { [field]: 'x' }, headers);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)[0]).toMatchObject({ attr: field, code: 'PROFILE_FIELD_READ_ONLY' });
    }
  });

  it('is for employees (an account without a company gets 403)', async () => {
    const [staff] = await t.db
      .insert(users)
      .values({ email: `staff.${employeeSuffix()}@tasbiq.ma`, firstName: 'Ops', lastName: 'Staff' })
      .returning();
    const res = await post(t, '/api/employees/profile/', { email: 'a@b.ma' }, await bearerFor(t, staff!.id));
    expect(res.statusCode).toBe(403);
  });
});

describe('tenancy and roles on one employee', () => {
  it("answers 404 to the RH of another company on every call about A's employee", async () => {
    const { employee } = await addEmployee(t, hr.company.id);
    const b = await hrCompany(t);
    expect((await get(employee.id, b.headers)).statusCode).toBe(404);
    expect((await put(employee.id, { salary: '1' }, b.headers)).statusCode).toBe(404);
    for (const path of ['send_activation_link', 'reset_password']) {
      const res = await post(t, `/api/employees/${employee.id}/${path}/`, { send_sms: true }, b.headers);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await get(employee.id)).json().salary).toBe('0.00');
  });

  it('answers 403 to an employee on every HR call', async () => {
    const { employee } = await addEmployee(t, hr.company.id);
    const plain = await addEmployee(t, hr.company.id);
    const headers = await bearerFor(t, plain.user.id);
    const calls = [
      () => get(employee.id, headers),
      () => get(plain.employee.id, headers),
      () => put(plain.employee.id, { salary: '99999' }, headers),
      () => post(t, `/api/employees/${employee.id}/send_activation_link/`, {}, headers),
      () => post(t, `/api/employees/${employee.id}/reset_password/`, {}, headers),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]!.code).toBe('permission_denied');
    }
  });
});
