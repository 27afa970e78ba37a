import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type ChangeRequestField, ZChangeRequest } from '@tasbiq/contracts/change-requests';
import { ribKey } from '@tasbiq/contracts/validators';
import { paginated } from '@tasbiq/contracts/wire';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { employees } from '../src/db/schema/employees.ts';
import { changeRequestAttachments, changeRequests } from '../src/db/schema/people.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

let ribSeed = 1000;
/** A fresh valid RIB (bank 011, city 780, a counter as account number). */
function newRib(): string {
  ribSeed += 1;
  const body = `011780${String(ribSeed).padStart(16, '0')}`;
  return `${body}${ribKey(body)}`;
}
let cinSeed = 100000;
function newCin(): string {
  cinSeed += 1;
  return `ZT${cinSeed}`;
}

type FileSpec = { name: string; data: Buffer; type?: string };

/** A multipart body as a browser's FormData would send it. */
async function multipart(fields: Record<string, string>, files: FileSpec[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(
      'attachments',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** A company with an RH, two DRHs, a plain employee and the employee whose data changes. */
async function company() {
  const c = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, c.id, {
    roles: ['RH'],
    password: null,
    firstName: 'Nadia',
    lastName: 'Rh',
  });
  const drh = await createTestEmployee(t.db, c.id, {
    roles: ['DRH'],
    password: null,
    firstName: 'Hicham',
    lastName: 'Drh',
  });
  const drh2 = await createTestEmployee(t.db, c.id, {
    roles: ['DRH'],
    password: null,
    firstName: 'Samira',
    lastName: 'Drh',
  });
  const plain = await createTestEmployee(t.db, c.id, { password: null });
  const target = await createTestEmployee(t.db, c.id, {
    password: null,
    firstName: 'Karim',
    lastName: 'Bennani',
    cin: newCin(),
    employee: { rib: newRib(), serial: `M-${ribSeed}`, birthday: '1990-05-04' },
  });
  return {
    company: c,
    target,
    rh: await bearerFor(t, rh.user.id),
    drh: await bearerFor(t, drh.user.id),
    drh2: await bearerFor(t, drh2.user.id),
    plain: await bearerFor(t, plain.user.id),
    ids: { rh: rh.user.id, drh: drh.user.id, drh2: drh2.user.id },
  };
}
type Company = Awaited<ReturnType<typeof company>>;

async function requestChange(
  headers: Record<string, string>,
  employeeId: number,
  fields: Record<string, string>,
  files: FileSpec[] = [],
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: `/api/employees/${employeeId}/change_request/`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function created(c: Company, fields: Record<string, string>, files: FileSpec[] = []) {
  const res = await requestChange(
    c.rh,
    c.target.employee.id,
    { description: 'Justificatif joint', ...fields },
    files,
  );
  expect(res.statusCode, res.body).toBe(201);
  return ZChangeRequest.parse(res.json());
}

const decide = (headers: Record<string, string>, id: number, action: 'approve' | 'refuse', body?: object) =>
  t.app.inject({ method: 'POST', url: `/api/change_requests/${id}/${action}/`, headers, payload: body });

function firstError(res: { json(): unknown }) {
  return (res.json() as { errors: Array<{ code: string; attr: string | null; detail: string }> }).errors[0]!;
}

type EmployeeState = {
  rib: string | null;
  serial: string | null;
  birthday: string | null;
  userId: number;
  cin: string | null;
  firstName: string;
  lastName: string;
};

async function employeeRow(employeeId: number): Promise<EmployeeState> {
  const [row] = await t.db
    .select({
      rib: employees.rib,
      serial: employees.serial,
      birthday: employees.birthday,
      userId: employees.userId,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  const [user] = await t.db
    .select({ cin: users.cin, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row!.userId));
  return { ...row!, ...user! };
}

describe('POST /employees/{id}/change_request/', () => {
  let c: Company;
  beforeAll(async () => {
    c = await company();
  });

  it('records a RIB change with its attachment, the old value and who asked', async () => {
    const rib = newRib();
    const before = await employeeRow(c.target.employee.id);
    const request = await created(c, { field: 'rib', new_value: `${rib.slice(0, 3)} ${rib.slice(3)}` }, [
      { name: 'attestation RIB signée.pdf', data: PDF, type: 'application/pdf' },
    ]);
    expect(request).toMatchObject({
      employee: { id: c.target.employee.id, first_name: 'Karim', last_name: 'Bennani' },
      field: 'rib',
      old_value: before.rib,
      new_value: rib,
      description: 'Justificatif joint',
      status: 'pending',
      requested_by: { id: c.ids.rh, name: 'Nadia Rh' },
      decided_by: null,
      decided_at: null,
      decision_comment: null,
    });
    expect(request.attachments).toHaveLength(1);
    expect(request.attachments[0]).toMatchObject({
      file_name: 'attestation RIB signée.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    // Nothing changes before a DRH decides.
    expect((await employeeRow(c.target.employee.id)).rib).toBe(before.rib);
    // The file is stored under a random key, not its name.
    const [row] = await t.db
      .select()
      .from(changeRequestAttachments)
      .where(eq(changeRequestAttachments.changeRequestId, request.id));
    expect(row!.storageKey).toMatch(/^change-requests\/[A-Za-z0-9_-]+\.pdf$/);
  });

  it('accepts a JSON body (no attachments) and up to five PNG/JPEG/PDF files', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${c.target.employee.id}/change_request`,
      headers: c.rh,
      payload: { field: 'last_name', new_value: '  Bennani   El Idrissi ', description: 'Mariage' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      new_value: 'Bennani El Idrissi',
      old_value: 'Bennani',
      attachments: [],
    });

    const five = await created(c, { field: 'first_name', new_value: 'Karime' }, [
      { name: 'a.png', data: PNG },
      { name: 'b.jpg', data: JPEG },
      { name: 'c.jpeg', data: JPEG },
      { name: 'd.pdf', data: PDF },
      // The browser's claim and the name do not matter: the content is a PNG.
      { name: 'scan', data: PNG, type: 'text/html' },
    ]);
    expect(five.attachments.map((a) => a.content_type)).toEqual([
      'image/png',
      'image/jpeg',
      'image/jpeg',
      'application/pdf',
      'image/png',
    ]);
  });

  it.each([
    ['cin', 'B-12', 'INVALID_CIN'],
    ['cin', '', 'blank'],
    ['rib', '011780000000000000000100', 'INVALID_RIB'],
    ['rib', '1234', 'INVALID_RIB'],
    ['first_name', 'x'.repeat(101), 'max_length'],
    ['last_name', '   ', 'blank'],
    ['birthday', '2999-01-01', 'invalid'],
    ['birthday', '04/05/1990', 'invalid'],
    ['birthday', '1990-02-30', 'invalid'],
    ['serial', 's'.repeat(51), 'max_length'],
  ])('%s = %j → new_value %s', async (field, value, code) => {
    const res = await requestChange(c.rh, c.target.employee.id, {
      field,
      new_value: value,
      description: 'x',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(firstError(res)).toMatchObject({ attr: 'new_value', code });
  });

  it('checks the field, the description and that something changes', async () => {
    let res = await requestChange(c.rh, c.target.employee.id, {
      field: 'phone',
      new_value: '0612345678',
      description: 'x',
    });
    expect(firstError(res)).toMatchObject({ attr: 'field', code: 'invalid_choice' });
    res = await requestChange(c.rh, c.target.employee.id, { field: 'rib', new_value: newRib() });
    expect(firstError(res)).toMatchObject({ attr: 'description', code: 'required' });
    res = await requestChange(c.rh, c.target.employee.id, {
      field: 'rib',
      new_value: newRib(),
      description: ' ',
    });
    expect(firstError(res)).toMatchObject({ attr: 'description', code: 'blank' });
    const current = await employeeRow(c.target.employee.id);
    res = await requestChange(c.rh, c.target.employee.id, {
      field: 'birthday',
      new_value: current.birthday!,
      description: 'x',
    });
    expect(firstError(res)).toMatchObject({ attr: 'new_value', code: 'CHANGE_REQUEST_SAME_VALUE' });
  });

  it('refuses a CIN another account uses (any company) and a matricule used in the company', async () => {
    const other = await createTestCompany(t.db);
    const elsewhere = await createTestEmployee(t.db, other.id, {
      password: null,
      cin: newCin(),
      employee: { serial: 'EXT-1' },
    });
    let res = await requestChange(c.rh, c.target.employee.id, {
      field: 'cin',
      new_value: elsewhere.user.cin!.toLowerCase(),
      description: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ attr: 'new_value', code: 'CIN_EXISTS' });

    const colleague = await createTestEmployee(t.db, c.company.id, {
      password: null,
      employee: { serial: 'COL-77' },
    });
    res = await requestChange(c.rh, c.target.employee.id, {
      field: 'serial',
      new_value: 'COL-77',
      description: 'x',
    });
    expect(firstError(res)).toMatchObject({ attr: 'new_value', code: 'SERIAL_EXISTS' });
    expect(colleague.employee.serial).toBe('COL-77');
    // Another company's matricule is no conflict.
    await created(c, { field: 'serial', new_value: 'EXT-1' });
  });

  it('refuses a second pending request on the same employee and field', async () => {
    const d = await company();
    const first = await requestChange(d.rh, d.target.employee.id, {
      field: 'cin',
      new_value: newCin(),
      description: 'x',
    });
    expect(first.statusCode).toBe(201);
    const second = await requestChange(d.drh, d.target.employee.id, {
      field: 'cin',
      new_value: newCin(),
      description: 'y',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      type: 'client_error',
      errors: [
        {
          code: 'CHANGE_REQUEST_PENDING',
          detail: 'Une demande de modification de ce champ est déjà en attente pour ce salarié.',
          attr: null,
        },
      ],
    });
    // Another field is fine; once the first is decided, the field is free again.
    expect(
      (
        await requestChange(d.rh, d.target.employee.id, {
          field: 'rib',
          new_value: newRib(),
          description: 'x',
        })
      ).statusCode,
    ).toBe(201);
    expect((await decide(d.drh, first.json().id, 'refuse', { comment: 'Pièce illisible' })).statusCode).toBe(
      200,
    );
    expect(
      (
        await requestChange(d.rh, d.target.employee.id, {
          field: 'cin',
          new_value: newCin(),
          description: 'x',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('two requests on the same field at once: one is recorded, the other refused', async () => {
    const d = await company();
    const results = await Promise.all(
      [d.rh, d.drh, d.drh2].map((headers) =>
        requestChange(headers, d.target.employee.id, { field: 'rib', new_value: newRib(), description: 'x' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const pending = await t.db
      .select()
      .from(changeRequests)
      .where(eq(changeRequests.employeeId, d.target.employee.id));
    expect(pending).toHaveLength(1);
  });

  describe('attachments', () => {
    const storedFiles = () => {
      const dir = path.join(t.ctx.config.STORAGE_DIR, 'change-requests');
      try {
        return readdirSync(dir).length;
      } catch {
        return 0;
      }
    };
    const countRequests = async () => (await t.db.select().from(changeRequests)).length;

    it('refuses anything but PDF, PNG and JPEG, by content, and keeps nothing', async () => {
      const [files, rows] = [storedFiles(), await countRequests()];
      const res = await requestChange(
        c.rh,
        c.target.employee.id,
        { field: 'rib', new_value: newRib(), description: 'x' },
        [
          { name: 'ok.pdf', data: PDF },
          { name: 'facture.pdf', data: HTML, type: 'application/pdf' },
        ],
      );
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ attr: 'attachments', code: 'ATTACHMENT_INVALID_TYPE' });
      const empty = await requestChange(
        c.rh,
        c.target.employee.id,
        { field: 'rib', new_value: newRib(), description: 'x' },
        [{ name: 'vide.pdf', data: Buffer.alloc(0) }],
      );
      expect(firstError(empty)).toMatchObject({ attr: 'attachments', code: 'ATTACHMENT_INVALID_TYPE' });
      expect(storedFiles()).toBe(files);
      expect(await countRequests()).toBe(rows);
    });

    it('refuses a sixth file', async () => {
      const res = await requestChange(
        c.rh,
        c.target.employee.id,
        { field: 'rib', new_value: newRib(), description: 'x' },
        Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: PNG })),
      );
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ attr: 'attachments', code: 'TOO_MANY_ATTACHMENTS' });
    });

    it('refuses a file over 10 MB, and one of exactly 10 MB passes', async () => {
      const limit = 10 * 1024 * 1024;
      const big = Buffer.concat([PDF, Buffer.alloc(limit - PDF.length + 1, 0x20)]);
      const res = await requestChange(
        c.rh,
        c.target.employee.id,
        { field: 'rib', new_value: newRib(), description: 'x' },
        [{ name: 'gros.pdf', data: big }],
      );
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ attr: 'attachments', code: 'ATTACHMENT_TOO_LARGE' });

      const d = await company();
      const exact = await requestChange(
        d.rh,
        d.target.employee.id,
        { field: 'rib', new_value: newRib(), description: 'x' },
        [{ name: 'limite.pdf', data: big.subarray(0, limit) }],
      );
      expect(exact.statusCode, exact.body).toBe(201);
      expect(exact.json().attachments[0].size).toBe(limit);
    });
  });

  it('is for HR only, within the company', async () => {
    const other = await company();
    const fields = { field: 'rib', new_value: newRib(), description: 'x' };
    expect((await requestChange(c.plain, c.target.employee.id, fields)).statusCode).toBe(403);
    expect((await requestChange(other.rh, c.target.employee.id, fields)).statusCode).toBe(404);
    expect((await requestChange(c.rh, 99999999, fields)).statusCode).toBe(404);
    expect((await requestChange(c.rh, 'abc' as unknown as number, fields)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/employees/${c.target.employee.id}/change_request/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /change_requests/', () => {
  let c: Company;
  let rib: Awaited<ReturnType<typeof created>>;
  let cin: Awaited<ReturnType<typeof created>>;
  let name: Awaited<ReturnType<typeof created>>;
  let otherEmployeeRequest: Awaited<ReturnType<typeof created>>;
  beforeAll(async () => {
    c = await company();
    rib = await created(c, { field: 'rib', new_value: newRib() }, [{ name: 'rib.pdf', data: PDF }]);
    cin = await created(c, { field: 'cin', new_value: newCin() });
    name = await created(c, { field: 'first_name', new_value: 'Karima' });
    await decide(c.drh, cin.id, 'approve');
    await decide(c.drh, name.id, 'refuse', { comment: 'Non' });
    const someone = await createTestEmployee(t.db, c.company.id, {
      password: null,
      firstName: 'Zineb',
      lastName: 'Alami',
    });
    const res = await requestChange(c.rh, someone.employee.id, {
      field: 'last_name',
      new_value: 'Alaoui',
      description: 'x',
    });
    otherEmployeeRequest = ZChangeRequest.parse(res.json());
  });

  const list = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/change_requests/${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return paginated(ZChangeRequest).parse(res.json());
  };
  const ids = (page: { results: { id: number }[] }) => page.results.map((r) => r.id);

  it('lists the company requests newest first, with attachments, for RH and DRH', async () => {
    const page = await list(c.rh);
    expect(page.count).toBe(4);
    expect(ids(page)).toEqual([otherEmployeeRequest.id, name.id, cin.id, rib.id]);
    expect(page.results.find((r) => r.id === rib.id)!.attachments).toHaveLength(1);
    expect(ids(await list(c.drh))).toHaveLength(4);
  });

  it('filters by status, status_in, employee, field, search and dates; orders', async () => {
    expect(ids(await list(c.rh, '?status=pending'))).toEqual([otherEmployeeRequest.id, rib.id]);
    expect(ids(await list(c.rh, '?status_in=approved,refused'))).toEqual([name.id, cin.id]);
    expect(ids(await list(c.rh, '?status=approved&status_in=approved,refused'))).toEqual([cin.id]);
    expect(ids(await list(c.rh, `?employee=${c.target.employee.id}`))).toEqual([name.id, cin.id, rib.id]);
    expect(ids(await list(c.rh, '?field=rib'))).toEqual([rib.id]);
    expect(ids(await list(c.rh, '?field_in=rib,cin'))).toEqual([cin.id, rib.id]);
    expect(ids(await list(c.rh, '?search=zineb'))).toEqual([otherEmployeeRequest.id]);
    expect(ids(await list(c.rh, '?ordering=created'))).toEqual([
      rib.id,
      cin.id,
      name.id,
      otherEmployeeRequest.id,
    ]);
    expect((await list(c.rh, '?created_after=2000-01-01&created_before=2000-12-31')).count).toBe(0);
    expect((await list(c.rh, '?limit=1')).next).toContain('offset=1');
  });

  it('answers 400 for an unknown status, field or ordering', async () => {
    for (const query of ['?status=done', '?status_in=pending,nope', '?field=phone', '?ordering=secret']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/change_requests/${query}`, headers: c.rh });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("never shows another company's requests; employees get 403", async () => {
    const other = await company();
    expect((await list(other.drh)).count).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/change_requests/', headers: c.plain });
    expect(res.statusCode).toBe(403);
  });

  it('GET /change_requests/{id} shows the audit trail; 404 across companies', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/change_requests/${name.id}`, headers: c.rh });
    expect(res.statusCode).toBe(200);
    const detail = ZChangeRequest.parse(res.json());
    expect(detail).toMatchObject({
      status: 'refused',
      requested_by: { id: c.ids.rh, name: 'Nadia Rh' },
      decided_by: { id: c.ids.drh, name: 'Hicham Drh' },
      decision_comment: 'Non',
    });
    expect(Date.parse(detail.decided_at!)).toBeGreaterThanOrEqual(Date.parse(detail.created));
    const other = await company();
    for (const url of [
      `/api/change_requests/${name.id}`,
      '/api/change_requests/abc',
      '/api/change_requests/0',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: other.drh })).statusCode, url).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/change_requests/${name.id}`, headers: c.plain }))
        .statusCode,
    ).toBe(403);
  });

  it('downloads an attachment as a file, never inline', async () => {
    const attachment = rib.attachments[0]!;
    const url = `/api/change_requests/${rib.id}/attachments/${attachment.id}`;
    const res = await t.app.inject({ method: 'GET', url, headers: c.drh });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rib.pdf"; filename*=UTF-8''rib.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PDF)).toBe(true);

    const other = await company();
    expect((await t.app.inject({ method: 'GET', url, headers: other.drh })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: c.plain })).statusCode).toBe(403);
    // The attachment must belong to the request in the path.
    const wrong = `/api/change_requests/${cin.id}/attachments/${attachment.id}`;
    expect((await t.app.inject({ method: 'GET', url: wrong, headers: c.drh })).statusCode).toBe(404);
  });

  it('names a non-ASCII file safely in Content-Disposition', async () => {
    const d = await company();
    const request = await created(d, { field: 'rib', new_value: newRib() }, [
      { name: 'relevé bancaire; été.png', data: PNG },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/change_requests/${request.id}/attachments/${request.attachments[0]!.id}`,
      headers: d.drh,
    });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="releve bancaire_ ete.png"; filename*=UTF-8''${encodeURIComponent('relevé bancaire; été.png')}`,
    );
  });
});

describe('POST /change_requests/{id}/approve/ and /refuse/', () => {
  it('a DRH other than the requester approves: the RIB changes, the audit is recorded', async () => {
    const c = await company();
    const rib = newRib();
    const request = await created(c, { field: 'rib', new_value: rib });
    const res = await decide(c.drh, request.id, 'approve', { comment: 'Vu la lettre de la banque' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      decided_by: { id: c.ids.drh, name: 'Hicham Drh' },
      decision_comment: 'Vu la lettre de la banque',
    });
    expect(res.json().decided_at).not.toBeNull();
    expect((await employeeRow(c.target.employee.id)).rib).toBe(rib);
  });

  const approvals: Array<[ChangeRequestField, () => string, (row: EmployeeState) => string | null]> = [
    ['cin', newCin, (row) => row.cin],
    ['first_name', () => 'Karima', (row) => row.firstName],
    ['last_name', () => 'El Fassi', (row) => row.lastName],
    ['birthday', () => '1988-12-31', (row) => row.birthday],
    ['serial', () => 'NEW-0042', (row) => row.serial],
  ];
  it.each(approvals)('approving %s writes it where it lives', async (field, value, read) => {
    const c = await company();
    const newValue = value();
    const request = await created(c, { field, new_value: newValue });
    const res = await decide(c.drh2, request.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(read(await employeeRow(c.target.employee.id))).toBe(newValue);
  });

  it('a refusal needs a comment and keeps the values', async () => {
    const c = await company();
    const before = await employeeRow(c.target.employee.id);
    const request = await created(c, { field: 'cin', new_value: newCin() });
    let res = await decide(c.drh, request.id, 'refuse', {});
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ attr: 'comment', code: 'required' });
    res = await decide(c.drh, request.id, 'refuse', { comment: '  ' });
    expect(firstError(res)).toMatchObject({ attr: 'comment', code: 'blank' });
    res = await decide(c.drh, request.id, 'refuse', { comment: 'CIN illisible' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refused', decision_comment: 'CIN illisible' });
    expect(await employeeRow(c.target.employee.id)).toEqual(before);
  });

  it('only a DRH decides, and never on their own request', async () => {
    const c = await company();
    const byRh = await created(c, { field: 'rib', new_value: newRib() });
    for (const action of ['approve', 'refuse'] as const) {
      const res = await decide(c.rh, byRh.id, action, { comment: 'x' });
      expect(res.statusCode).toBe(403);
      expect(firstError(res).code).toBe('permission_denied');
      expect((await decide(c.plain, byRh.id, action, { comment: 'x' })).statusCode).toBe(403);
    }
    const ownRes = await requestChange(c.drh, c.target.employee.id, {
      field: 'cin',
      new_value: newCin(),
      description: 'x',
    });
    const own = ownRes.json();
    for (const action of ['approve', 'refuse'] as const) {
      const res = await decide(c.drh, own.id, action, { comment: 'x' });
      expect(res.statusCode).toBe(403);
      expect(firstError(res)).toEqual({
        code: 'permission_denied',
        detail: 'Une autre personne doit valider cette demande.',
        attr: null,
      });
    }
    expect((await decide(c.drh2, own.id, 'approve')).statusCode).toBe(200);
  });

  it('a decided request cannot be decided again', async () => {
    const c = await company();
    const request = await created(c, { field: 'rib', new_value: newRib() });
    expect((await decide(c.drh, request.id, 'approve')).statusCode).toBe(200);
    for (const [headers, action] of [
      [c.drh, 'approve'],
      [c.drh2, 'refuse'],
    ] as const) {
      const res = await decide(headers, request.id, action, { comment: 'encore' });
      expect(res.statusCode).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'CHANGE_REQUEST_NOT_PENDING', attr: null });
    }
    const row = (
      await t.app.inject({ method: 'GET', url: `/api/change_requests/${request.id}`, headers: c.rh })
    ).json();
    expect(row).toMatchObject({ status: 'approved', decided_by: { id: c.ids.drh } });
  });

  it('a DRH of another company gets 404 and changes nothing', async () => {
    const c = await company();
    const other = await company();
    const before = await employeeRow(c.target.employee.id);
    const request = await created(c, { field: 'rib', new_value: newRib() });
    expect((await decide(other.drh, request.id, 'approve')).statusCode).toBe(404);
    expect((await decide(other.drh, request.id, 'refuse', { comment: 'x' })).statusCode).toBe(404);
    expect((await decide(c.drh, 99999999, 'approve')).statusCode).toBe(404);
    expect(await employeeRow(c.target.employee.id)).toEqual(before);
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, request.id));
    expect(row!.status).toBe('pending');
  });

  it('re-checks the CIN at approval: taken meanwhile → CIN_EXISTS, the request stays pending', async () => {
    const c = await company();
    const cin = newCin();
    const request = await created(c, { field: 'cin', new_value: cin });
    await createTestEmployee(t.db, c.company.id, { password: null, cin });
    const res = await decide(c.drh, request.id, 'approve');
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ code: 'CIN_EXISTS', attr: null });
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, request.id));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null, decidedAt: null });
    expect((await employeeRow(c.target.employee.id)).cin).not.toBe(cin);
  });

  it('re-checks the matricule at approval', async () => {
    const c = await company();
    const request = await created(c, { field: 'serial', new_value: 'LATE-1' });
    await createTestEmployee(t.db, c.company.id, { password: null, employee: { serial: 'LATE-1' } });
    const res = await decide(c.drh, request.id, 'approve');
    expect(firstError(res)).toMatchObject({ code: 'SERIAL_EXISTS' });
  });

  it('two DRHs deciding at once: exactly one wins', async () => {
    const c = await company();
    const rib = newRib();
    const request = await created(c, { field: 'rib', new_value: rib });
    const results = await Promise.all([
      decide(c.drh, request.id, 'approve'),
      decide(c.drh2, request.id, 'refuse', { comment: 'Non' }),
      decide(c.drh2, request.id, 'approve'),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, request.id));
    expect(row!.status).toBe(winner.status);
    expect((await employeeRow(c.target.employee.id)).rib === rib).toBe(winner.status === 'approved');
  });
});
