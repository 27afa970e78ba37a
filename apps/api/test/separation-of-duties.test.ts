import { ribKey } from '@tasbiq/contracts/validators';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, employeeWorkedTime } from '../src/db/schema/employees.ts';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { createTenant, post, type Tenant, walletBalance } from './advances-helpers.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Issue 8 §2, separation of duties: each test is an attack an RH ran on main, written as the
 * attacker would, and what must happen instead (decision 025).
 */
let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 3600 });
  a = await createTenant(t);
});
afterAll(() => t.close());

type WireError = { attr: string | null; code: string; detail: string };
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: WireError[] }).errors;
const put = (id: number, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/employees/${id}/`, headers, payload });
const getEmployee = async (id: number, headers = a.drh.auth) =>
  (await t.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers })).json();
const NEW_RIB = `0117800000999999999999${ribKey('0117800000999999999999')}`;
const outboxCount = async () => (await t.db.select({ id: outboxMessages.id }).from(outboxMessages)).length;

describe('an RH cannot take over a DRH account', () => {
  it('refuses the RH the DRH e-mail and phone, the reset link, deactivation and the activation link', async () => {
    const before = await getEmployee(a.drh.employee.id);
    const sent = await outboxCount();

    // Step 1 of the attack: point the DRH's login names at the RH's own mailbox and phone.
    const takeover = await put(
      a.drh.employee.id,
      { email: 'pirate@rh-perso.ma', phone: '0611223344' },
      a.rh.auth,
    );
    expect(takeover.statusCode).toBe(403);
    expect(errorsOf(takeover)).toEqual([
      {
        attr: null,
        code: 'permission_denied',
        detail: "Seul un autre DRH peut modifier le dossier ou le compte d'un DRH.",
      },
    ]);
    // Step 2: the reset link that would go to the new address.
    const reset = await post(t, `/api/employees/${a.drh.employee.id}/reset_password/`, a.rh.auth, {});
    expect(reset.statusCode).toBe(403);
    expect(errorsOf(reset)[0]!.code).toBe('permission_denied');
    // Nor may the RH silence the DRH, or touch the DRH's pay.
    for (const body of [{ is_active: false }, { salary: '1' }, { is_restricted: true }]) {
      const res = await put(a.drh.employee.id, body, a.rh.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    const invitedDrh = await createTestEmployee(t.db, a.company.id, { roles: ['DRH'], password: null });
    const activation = await post(
      t,
      `/api/employees/${invitedDrh.employee.id}/send_activation_link/`,
      a.rh.auth,
      {},
    );
    expect(activation.statusCode).toBe(403);

    expect(await getEmployee(a.drh.employee.id)).toEqual(before);
    expect(await outboxCount()).toBe(sent);
  });

  it('lets another DRH manage a DRH', async () => {
    const other = await createTestEmployee(t.db, a.company.id, { roles: ['DRH'], password: null });
    const res = await put(other.employee.id, { is_restricted: true }, a.drh.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().is_restricted).toBe(true);
  });

  it('does not let a DRH approve a change request about their own record (the RIB their salary goes to)', async () => {
    const asked = await post(t, `/api/employees/${a.drh.employee.id}/change_request/`, a.rh.auth, {
      field: 'rib',
      new_value: NEW_RIB,
      description: 'Nouveau compte',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approve = await post(t, `/api/change_requests/${asked.json().id}/approve/`, a.drh.auth, {});
    expect(approve.statusCode).toBe(403);
    expect(errorsOf(approve)[0]).toMatchObject({
      code: 'permission_denied',
      detail:
        'Vous ne pouvez pas valider une demande qui concerne votre propre dossier : un autre DRH doit la traiter.',
    });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, a.drh.employee.id));
    expect(row!.rib).not.toBe(NEW_RIB);
  });
});

describe('nobody raises their own salary or limits', () => {
  it("refuses the RH's own salary, percentage, limits and method; the advance is still capped", async () => {
    const rh = await a.employee({
      roles: ['RH'],
      lastName: 'Greedy',
      netPayable: 600_000n,
      employee: { salaryCentimes: 800_000n },
    });
    const wallet = await walletBalance(t, a.company.id);
    const raise = await put(
      rh.employee.id,
      {
        salary: '90000',
        net_payable: '90000',
        hourly_rate: '500',
        advance_percentage: 100,
        max_advances_per_month: -1,
        max_free_advances_per_month: 99,
        total_max_advance_per_month: '90000',
        balance_method: 4,
        is_restricted: false,
      },
      rh.auth,
    );
    expect(raise.statusCode).toBe(400);
    const detail =
      "Vous ne pouvez pas modifier votre propre rémunération, vos plafonds d'avance ni votre temps travaillé : un autre membre RH doit le faire.";
    expect(errorsOf(raise)).toEqual(
      [
        'salary',
        'hourly_rate',
        'net_payable',
        'advance_percentage',
        'max_free_advances_per_month',
        'total_max_advance_per_month',
        'balance_method',
      ].map((attr) => ({ attr, code: 'SELF_EDIT_FORBIDDEN', detail })),
    );
    const me = await getEmployee(rh.employee.id);
    expect(me).toMatchObject({
      salary: '8000.00',
      net_payable: '6000.00',
      advance_percentage: 50,
      total_max_advance_per_month: '5000.00',
      balance_method: 3,
    });

    // Then the draw: 3 000 DH is all that 50 % of 6 000 DH allows.
    const advance = await post(t, '/api/advances/', rh.auth, { amount: 40000 });
    expect(advance.statusCode).toBe(400);
    expect(errorsOf(advance)[0]!.code).toMatch(/BALANCE_INSUFFICIENT|AMOUNT_LIMIT_EXCEEDED/);
    expect(await walletBalance(t, a.company.id)).toBe(wallet);
  });

  it('still lets HR save their own record when the money fields are sent unchanged (the edit form sends all)', async () => {
    const rh = await a.employee({
      roles: ['RH'],
      lastName: 'Honest',
      netPayable: 600_000n,
      employee: { salaryCentimes: 800_000n },
    });
    const me = await getEmployee(rh.employee.id);
    const res = await put(
      rh.employee.id,
      {
        salary: me.salary,
        net_payable: me.net_payable,
        hourly_rate: me.hourly_rate,
        advance_percentage: me.advance_percentage,
        max_advances_per_month: me.max_advances_per_month,
        max_free_advances_per_month: me.max_free_advances_per_month,
        total_max_advance_per_month: me.total_max_advance_per_month,
        balance_method: me.balance_method,
        is_restricted: me.is_restricted,
        group: null,
      },
      rh.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets another HR person change the RH pay', async () => {
    const rh = await a.employee({ roles: ['RH'], lastName: 'Paid' });
    const res = await put(rh.employee.id, { advance_percentage: 60 }, a.rh.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advance_percentage).toBe(60);
  });

  it("skips the uploader's own row and a DRH's row (for an RH) in the worked-days file", async () => {
    const rh = await a.employee({
      roles: ['RH'],
      lastName: 'Days',
      employee: { serial: 'SOD-RH', balanceMethod: 2 },
    });
    const colleague = await a.employee({ employee: { serial: 'SOD-EMP' } });
    await t.db.update(employees).set({ serial: 'SOD-DRH' }).where(eq(employees.id, a.drh.employee.id));
    const csv =
      'matricule;jours_travailles;heures_travaillees\nSOD-RH;31;250\nSOD-EMP;20;160\nSOD-DRH;22;170\n';
    const form = new FormData();
    form.append('file', new Blob([csv]), 'jours.csv');
    form.append('month', '3');
    form.append('year', '2026');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/employees/wd/',
      headers: { ...rh.auth, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      updated: 1,
      skipped: [
        { row: 2, column: 'matricule', code: 'SELF_EDIT_FORBIDDEN' },
        { row: 4, column: 'matricule', code: 'DRH_RECORD_PROTECTED' },
      ],
    });
    const rows = await t.db
      .select({ employeeId: employeeWorkedTime.employeeId })
      .from(employeeWorkedTime)
      .where(eq(employeeWorkedTime.companyId, a.company.id));
    expect(rows.map((r) => r.employeeId)).toEqual([colleague.employee.id]);

    // The DRH uploads the same file: the RH's row is written by someone else, the DRH's own skipped.
    const drhForm = new Request('http://localhost/', { method: 'POST', body: form });
    const byDrh = await t.app.inject({
      method: 'POST',
      url: '/api/employees/wd/',
      headers: {
        ...(await bearerFor(t, a.drh.user.id)),
        'content-type': drhForm.headers.get('content-type')!,
      },
      payload: Buffer.from(await drhForm.arrayBuffer()),
    });
    expect(byDrh.json()).toMatchObject({
      updated: 2,
      skipped: [{ row: 4, code: 'SELF_EDIT_FORBIDDEN' }],
    });
  });
});

describe('a large raise waits for a DRH', () => {
  const approve = (id: number, headers: Record<string, string>) =>
    post(t, `/api/change_requests/${id}/approve/`, headers, {});

  it("holds an RH's +50 % raise of a colleague (the rest of the edit applies) until a DRH confirms", async () => {
    const colleague = await a.employee({ lastName: 'Accomplice', employee: { salaryCentimes: 800_000n } });
    const res = await put(colleague.employee.id, { salary: '12000', advance_percentage: 60 }, a.rh.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      salary: '8000.00',
      advance_percentage: 60,
      pending_changes: [
        {
          field: 'salary',
          new_value: '12000.00',
          awaiting: 'drh',
          requested_by: { id: a.rh.user.id },
          change_request_id: expect.any(Number),
        },
      ],
    });
    const requestId = res.json().pending_changes[0].change_request_id as number;
    const request = await t.app.inject({
      method: 'GET',
      url: `/api/change_requests/${requestId}`,
      headers: a.rh.auth,
    });
    expect(request.json()).toMatchObject({
      field: 'salary',
      old_value: '8000.00',
      new_value: '12000.00',
      status: 'pending',
      description: expect.stringContaining('plus de 20 %'),
    });
    // The RH cannot confirm it (only a DRH decides), nor slip it in again while it waits.
    expect((await approve(requestId, a.rh.auth)).statusCode).toBe(403);
    const again = await put(colleague.employee.id, { salary: '12500' }, a.rh.auth);
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again)[0]).toMatchObject({ attr: 'salary', code: 'CHANGE_REQUEST_PENDING' });
    expect((await getEmployee(colleague.employee.id)).salary).toBe('8000.00');

    const confirmed = await approve(requestId, a.drh.auth);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await getEmployee(colleague.employee.id)).toMatchObject({
      salary: '12000.00',
      pending_changes: [],
    });
  });

  it('applies a raise of at most 20 % and any cut at once', async () => {
    const colleague = await a.employee({ employee: { salaryCentimes: 800_000n } });
    expect((await put(colleague.employee.id, { salary: '9600' }, a.rh.auth)).json()).toMatchObject({
      salary: '9600.00',
      pending_changes: [],
    });
    expect((await put(colleague.employee.id, { salary: '3000' }, a.rh.auth)).json().salary).toBe('3000.00');
  });

  it("holds a DRH's own large raise of someone for another DRH", async () => {
    const other = await createTestEmployee(t.db, a.company.id, { roles: ['DRH'], password: null });
    const colleague = await a.employee({ employee: { salaryCentimes: 500_000n } });
    const res = await put(colleague.employee.id, { salary: '10000' }, a.drh.auth);
    const requestId = res.json().pending_changes[0].change_request_id as number;
    const byAuthor = await approve(requestId, a.drh.auth);
    expect(byAuthor.statusCode).toBe(403);
    expect(errorsOf(byAuthor)[0]!.detail).toBe('Une autre personne doit valider cette demande.');
    expect((await approve(requestId, await bearerFor(t, other.user.id))).statusCode).toBe(200);
    expect((await getEmployee(colleague.employee.id)).salary).toBe('10000.00');
  });

  it('lets an RH ask for their own raise by a change request, decided by a DRH', async () => {
    const rh = await a.employee({ roles: ['RH'], lastName: 'Asks', employee: { salaryCentimes: 800_000n } });
    const asked = await post(t, `/api/employees/${rh.employee.id}/change_request/`, rh.auth, {
      field: 'salary',
      new_value: '8 800',
      description: 'Augmentation annuelle',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ old_value: '8000.00', new_value: '8800.00' });
    expect((await approve(asked.json().id, a.drh.auth)).statusCode).toBe(200);
    expect((await getEmployee(rh.employee.id)).salary).toBe('8800.00');
  });
});

describe('every change to money fields is in the audit trail', () => {
  const audit = (id: number, headers = a.drh.auth, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/employees/${id}/audit/${query}`, headers });

  it('records who changed which field, when, before and after; a value sent unchanged is not a change', async () => {
    const colleague = await a.employee({ employee: { salaryCentimes: 800_000n } });
    expect((await audit(colleague.employee.id)).json()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const res = await put(
      colleague.employee.id,
      {
        salary: '9000',
        net_payable: '10000',
        advance_percentage: 100,
        max_advances_per_month: -1,
        max_free_advances_per_month: 5,
        total_max_advance_per_month: '9000',
        balance_method: 3,
        is_restricted: true,
        hourly_rate: '0',
      },
      a.rh.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    const trail = await audit(colleague.employee.id, a.rh.auth);
    expect(trail.statusCode, trail.body).toBe(200);
    const rhRef = { id: a.rh.user.id, name: `${a.rh.user.firstName} ${a.rh.user.lastName}` };
    const entry = (field: string, old_value: string, new_value: string) => ({
      id: expect.any(Number),
      field,
      old_value,
      new_value,
      changed_by: rhRef,
      approved_by: null,
      change_request_id: null,
      created: expect.any(String),
    });
    // net à payer, hourly rate, requests per month and method were sent with their current value.
    expect(trail.json().count).toBe(5);
    expect(trail.json().results).toEqual(
      expect.arrayContaining([
        entry('salary', '8000.00', '9000.00'),
        entry('advance_percentage', '50', '100'),
        entry('max_free_advances_per_month', '1', '5'),
        entry('total_max_advance_per_month', '5000.00', '9000.00'),
        entry('is_restricted', 'false', 'true'),
      ]),
    );
  });

  it('records a RIB and a large raise with the DRH who approved them', async () => {
    const colleague = await a.employee({ employee: { salaryCentimes: 500_000n } });
    const held = await put(colleague.employee.id, { salary: '8000' }, a.rh.auth);
    const raiseId = held.json().pending_changes[0].change_request_id as number;
    expect((await audit(colleague.employee.id)).json().count).toBe(0);
    await post(t, `/api/change_requests/${raiseId}/approve/`, a.drh.auth, {});
    const ribRequest = await post(t, `/api/employees/${colleague.employee.id}/change_request/`, a.rh.auth, {
      field: 'rib',
      new_value: NEW_RIB,
      description: 'Changement de banque',
    });
    await post(t, `/api/change_requests/${ribRequest.json().id}/approve/`, a.drh.auth, {});

    const { results } = (await audit(colleague.employee.id)).json();
    const drhRef = { id: a.drh.user.id, name: `${a.drh.user.firstName} ${a.drh.user.lastName}` };
    expect(results).toEqual([
      expect.objectContaining({
        field: 'rib',
        old_value: colleague.employee.rib,
        new_value: NEW_RIB,
        changed_by: expect.objectContaining({ id: a.rh.user.id }),
        approved_by: drhRef,
        change_request_id: ribRequest.json().id,
      }),
      expect.objectContaining({
        field: 'salary',
        old_value: '5000.00',
        new_value: '8000.00',
        approved_by: drhRef,
        change_request_id: raiseId,
      }),
    ]);
  });

  it('writes nothing for a refused edit, pages, and is HR-only and tenant-bound', async () => {
    const colleague = await a.employee();
    const rh = await a.employee({ roles: ['RH'], lastName: 'Refused' });
    expect((await put(rh.employee.id, { advance_percentage: 100 }, rh.auth)).statusCode).toBe(400);
    expect((await audit(rh.employee.id)).json().count).toBe(0);

    for (const percentage of [60, 70, 80])
      await put(colleague.employee.id, { advance_percentage: percentage }, a.rh.auth);
    const page = (await audit(colleague.employee.id, a.rh.auth, '?limit=2')).json();
    expect(page.count).toBe(3);
    expect(page.results.map((e: { new_value: string }) => e.new_value)).toEqual(['80', '70']);
    expect(page.next).toMatch(/offset=2/);

    expect((await audit(colleague.employee.id, colleague.auth)).statusCode).toBe(403);
    const elsewhere = await createTenant(t);
    expect((await audit(colleague.employee.id, elsewhere.rh.auth)).statusCode).toBe(404);
  });
});

describe("HR's change of an e-mail or phone is announced and confirmed by the person", () => {
  const messagesTo = (recipient: string) =>
    t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

  it('an RH pointing a colleague at their own mailbox and phone gets no reset link; the old contacts are told', async () => {
    const victim = await a.employee({ lastName: 'Victim', employee: { status: 'activated' } });
    const pirateEmail = `pirate.${victim.user.id}@rh-perso.ma`;
    const piratePhone = `+2127${String(victim.user.id).padStart(8, '0')}`;

    const res = await put(victim.employee.id, { email: pirateEmail, phone: piratePhone }, a.rh.auth);
    expect(res.statusCode, res.body).toBe(200);
    // The login names have not moved: they are only proposed.
    expect(res.json()).toMatchObject({
      email: victim.user.email,
      phone: victim.user.phone,
      phone_confirmed: true,
      pending_changes: [
        { field: 'phone', new_value: piratePhone, awaiting: 'employee', change_request_id: null },
        { field: 'email', new_value: pirateEmail, awaiting: 'employee', change_request_id: null },
      ],
    });
    const [oldSms] = await messagesTo(victim.user.phone!);
    expect(oldSms!.body).toContain('a demandé à remplacer le numéro de téléphone de votre compte Tasbiq');
    expect(oldSms!.body).toContain('contactez votre DRH');
    const oldMails = await messagesTo(victim.user.email!);
    expect(oldMails.map((m) => m.body).join('\n')).toContain("a demandé à remplacer l'adresse e-mail");
    const [invite] = await messagesTo(pirateEmail);
    expect(invite!.body).toContain('connectez-vous avec vos identifiants actuels');
    expect(invite!.body).not.toMatch(/token=|\b\d{6}\b/);

    // Step 2 of the attack: the reset link goes to the confirmed contacts, not the proposed ones.
    const reset = await post(t, `/api/employees/${victim.employee.id}/reset_password/`, a.rh.auth, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await messagesTo(victim.user.phone!)).some((m) => m.body.includes('/reset?token='))).toBe(true);
    const forgotten = await post(t, '/api/auth/password-reset/', {}, { username: pirateEmail });
    expect(forgotten.statusCode).toBe(200);
    for (const address of [pirateEmail, piratePhone])
      expect((await messagesTo(address)).some((m) => m.body.includes('token='))).toBe(false);
    const login = await post(t, '/api/auth/token', {}, { username: pirateEmail, password: 'Tasbiq#2026' });
    expect(login.statusCode).toBe(401);
  });

  it('the person confirms the new phone with a code sent to it, logged in with their current credentials', async () => {
    const person = await a.employee({ lastName: 'Moves', employee: { status: 'activated' } });
    const newPhone = `+2126${String(person.user.id).padStart(8, '0')}`;
    await put(person.employee.id, { phone: newPhone }, a.rh.auth);

    const asked = await post(t, '/api/auth/change_phone', person.auth, { phone: newPhone });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = /\b(\d{6})\b/.exec(
      (await messagesTo(newPhone)).find((m) => /\b\d{6}\b/.test(m.body))!.body,
    )![1];
    const confirmed = await post(t, '/api/auth/change_phone/validate', person.auth, {
      token: asked.json().token,
      otp: code,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await getEmployee(person.employee.id)).toMatchObject({
      phone: newPhone,
      phone_confirmed: true,
      pending_changes: [],
    });
  });

  it('applies at once for someone invited (no password yet), and still tells the old contacts', async () => {
    const invited = await createTestEmployee(t.db, a.company.id, { password: null });
    const newEmail = `nouveau.${invited.user.id}@atlas.ma`;
    const res = await put(invited.employee.id, { email: newEmail }, a.rh.auth);
    expect(res.json()).toMatchObject({ email: newEmail, pending_changes: [] });
    const [mail] = await messagesTo(invited.user.email!);
    expect(mail!.body).toContain("a remplacé l'adresse e-mail de votre compte Tasbiq par n•••@atlas.ma");
  });

  it('sends no reset link by SMS to a phone nobody confirmed', async () => {
    const person = await a.employee({
      email: null,
      phoneConfirmed: false,
      employee: { status: 'activated' },
    });
    const res = await post(t, `/api/employees/${person.employee.id}/reset_password/`, a.rh.auth, {});
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]!.code).toBe('EMPLOYEE_NO_CONFIRMED_CONTACT');
    expect(await messagesTo(person.user.phone!)).toEqual([]);
  });
});
