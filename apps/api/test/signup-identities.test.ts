import { SIGNUP_IDENTITIES_MAX, ZIdentityParseResponse, ZSignupIdentity } from '@tasbiq/contracts/signup';
import { paginated } from '@tasbiq/contracts/wire';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupIdentities } from '../src/db/schema/people.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A company with an RH and a plain employee; each test gets its own. */
async function hrCompany() {
  const company = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  const plain = await createTestEmployee(t.db, company.id, { password: null });
  return {
    company,
    rh: await bearerFor(t, rh.user.id),
    plain: await bearerFor(t, plain.user.id),
  };
}
type Hr = Awaited<ReturnType<typeof hrCompany>>;

async function upload(
  headers: Record<string, string>,
  content: Buffer | string,
  { name = 'identites.csv', field = 'file', type = 'text/csv' } = {},
) {
  const form = new FormData();
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  form.append(field, new Blob([new Uint8Array(data)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/company/identities/parse_file/',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function preview(headers: Record<string, string>, content: Buffer | string) {
  const res = await upload(headers, content);
  expect(res.statusCode, res.body).toBe(200);
  return ZIdentityParseResponse.parse(res.json());
}

const bulk = (headers: Record<string, string>, identities: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company/identities/bulk/',
    headers,
    payload: { identities },
  });

const list = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/company/identities${query}`, headers });

async function page(headers: Record<string, string>, query = '') {
  const res = await list(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return paginated(ZSignupIdentity).parse(res.json());
}

const identityCount = async (companyId: number) =>
  (await t.db.select().from(signupIdentities).where(eq(signupIdentities.companyId, companyId))).length;

const codesOf = (row: { errors: { code: string }[] }) => row.errors.map((e) => e.code);

describe('POST /company/identities/parse_file/', () => {
  it('previews the rows of a French Excel file without writing anything', async () => {
    const hr = await hrCompany();
    const result = await preview(hr.rh, 'matricule;date_naissance\r\nM001;15/03/1990\r\nM002;01/12/1985\r\n');
    expect(result).toEqual({
      rows: [
        { row: 2, serial: 'M001', birthday: '1990-03-15', errors: [] },
        { row: 3, serial: 'M002', birthday: '1985-12-01', errors: [] },
      ],
      valid_count: 2,
      error_count: 0,
    });
    expect(await identityCount(hr.company.id)).toBe(0);
  });

  it('reports each row problem with its code, column and a French detail', async () => {
    const hr = await hrCompany();
    await createTestEmployee(t.db, hr.company.id, { password: null, employee: { serial: 'EMP-9' } });
    expect((await bulk(hr.rh, [{ serial: 'M100', birthday: '1990-01-01' }])).statusCode).toBe(201);
    const csv = [
      'matricule;date_naissance',
      ';15/03/1990', // 2: matricule missing
      'M002;', // 3: birthday missing
      'M003;31/02/1990', // 4: no such day
      'M004;1990/03/15', // 5: not dd/mm/yyyy
      'M005;01/01/2999', // 6: in the future
      'D1;01/01/1990', // 7: twice in the file
      'd1;02/02/1991', // 8: the same matricule, other case
      'm100;01/01/1990', // 9: an identity exists
      'emp-9;01/01/1990', // 10: an employee has it
      'OK1;5/6/1970', // 11: fine (d/m/yyyy)
    ].join('\r\n');
    const result = await preview(hr.rh, csv);
    const byRow = new Map(result.rows.map((row) => [row.row, row]));
    expect(codesOf(byRow.get(2)!)).toEqual(['required']);
    expect(byRow.get(2)!.errors[0]).toEqual({
      code: 'required',
      attr: 'serial',
      detail: 'le champ "matricule" est obligatoire',
    });
    expect(byRow.get(3)!.errors).toEqual([
      { code: 'required', attr: 'birthday', detail: 'le champ "date de naissance" est obligatoire' },
    ]);
    expect(byRow.get(4)!.errors).toEqual([
      {
        code: 'INVALID_DATE_FORMAT',
        attr: 'birthday',
        detail: "« 31/02/1990 » n'est pas une date valide (jj/mm/aaaa).",
      },
    ]);
    expect(byRow.get(4)!.birthday).toBeNull();
    expect(codesOf(byRow.get(5)!)).toEqual(['INVALID_DATE_FORMAT']);
    expect(codesOf(byRow.get(6)!)).toEqual(['INVALID_DATE_FORMAT']);
    expect(byRow.get(7)!.errors).toEqual([
      {
        code: 'DUPLICATE_IN_FILE',
        attr: 'serial',
        detail: 'Le matricule « D1 » figure aussi sur la ligne 8.',
      },
    ]);
    expect(codesOf(byRow.get(8)!)).toEqual(['DUPLICATE_IN_FILE']);
    expect(byRow.get(9)!.errors).toEqual([
      {
        code: 'IDENTITY_EXISTS',
        attr: 'serial',
        detail: 'Une identité avec le matricule « m100 » existe déjà.',
      },
    ]);
    expect(byRow.get(10)!.errors).toEqual([
      { code: 'IDENTITY_EXISTS', attr: 'serial', detail: 'Un salarié a déjà le matricule « emp-9 ».' },
    ]);
    expect(byRow.get(11)).toEqual({ row: 11, serial: 'OK1', birthday: '1970-06-05', errors: [] });
    expect(result.valid_count).toBe(1);
    expect(result.error_count).toBe(9);
    expect(await identityCount(hr.company.id)).toBe(1);
  });

  it('reads every encoding and separator French Excel and other tools write', async () => {
    const hr = await hrCompany();
    const rows = [
      ['Matricule', 'Date de naissance'],
      ['É-001', '15/03/1990'],
      ['Ç-002', '01/12/1985'],
    ];
    const text = (separator: string, newline: string) => rows.map((r) => r.join(separator)).join(newline);
    const files = {
      'UTF-8 with BOM, ;, CRLF': Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(text(';', '\r\n')),
      ]),
      'UTF-8 without BOM, ,, LF': Buffer.from(text(',', '\n')),
      'Windows-1252, ;, CRLF': iconv.encode(text(';', '\r\n'), 'win1252'),
    };
    for (const [what, data] of Object.entries(files)) {
      const result = await preview(hr.rh, data);
      expect(
        result.rows.map((r) => [r.serial, r.birthday, r.errors.length]),
        what,
      ).toEqual([
        ['É-001', '1990-03-15', 0],
        ['Ç-002', '1985-12-01', 0],
      ]);
    }
  });

  it('refuses what is not a CSV: INVALID_FILE', async () => {
    const hr = await hrCompany();
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    for (const [data, name] of [
      [Buffer.from('matricule;date_naissance\nM1;01/01/1990'), 'identites.xlsx'],
      [xlsx, 'identites.csv'],
      [Buffer.from('%PDF-1.7 binary'), 'identites.csv'],
    ] as const) {
      const res = await upload(hr.rh, data, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors).toEqual([
        { code: 'INVALID_FILE', attr: 'file', detail: expect.stringContaining('CSV') },
      ]);
    }
  });

  it('asks for the file, the expected columns and at least one row', async () => {
    const hr = await hrCompany();
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/company/identities/parse_file/',
      headers: hr.rh,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0]).toMatchObject({ code: 'required', attr: 'file' });

    const otherField = await upload(hr.rh, 'matricule;date_naissance\nM1;01/01/1990', { field: 'csvfile' });
    expect(otherField.json().errors[0]).toMatchObject({ code: 'required', attr: 'file' });

    const columns = await upload(hr.rh, 'nom;prenom\nAlaoui;Salma');
    expect(columns.statusCode).toBe(400);
    expect(columns.json().errors[0]).toEqual({
      code: 'CSV_MISSING_COLUMNS',
      attr: 'file',
      detail: 'Colonnes manquantes : matricule, date_naissance.',
    });

    const empty = await upload(hr.rh, 'matricule;date_naissance\r\n;\r\n');
    expect(empty.json().errors[0]).toMatchObject({ code: 'CSV_EMPTY', attr: 'file' });
  });

  it(`refuses a file of more than ${SIGNUP_IDENTITIES_MAX} rows`, async () => {
    const hr = await hrCompany();
    const lines = ['matricule;date_naissance'];
    for (let i = 0; i <= SIGNUP_IDENTITIES_MAX; i++) lines.push(`X${i};01/01/1990`);
    const res = await upload(hr.rh, lines.join('\n'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'TOO_MANY_IDENTITIES', attr: 'file' });
  });
});

describe('POST /company/identities/bulk/', () => {
  it('creates every identity and answers how many', async () => {
    const hr = await hrCompany();
    const res = await bulk(hr.rh, [
      { serial: ' A1 ', birthday: '1990-03-15' },
      { serial: 'A2', birthday: '1985-12-01' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 2 });
    const rows = await t.db
      .select()
      .from(signupIdentities)
      .where(eq(signupIdentities.companyId, hr.company.id));
    expect(rows.map((r) => [r.serial, r.birthday, r.isUsed]).sort()).toEqual([
      ['A1', '1990-03-15', false],
      ['A2', '1985-12-01', false],
    ]);
  });

  it('creates nothing when one row is wrong, and reports each problem on its row', async () => {
    const hr = await hrCompany();
    expect((await bulk(hr.rh, [{ serial: 'B0', birthday: '1990-01-01' }])).statusCode).toBe(201);
    const res = await bulk(hr.rh, [
      { serial: 'B1', birthday: '1990-01-01' },
      { serial: 'b0', birthday: '1990-01-01' },
      { serial: 'B2', birthday: '1990-01-01' },
      { serial: 'B2', birthday: '1991-01-01' },
      { serial: '', birthday: '15/03/1990' },
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.type).toBe('validation_error');
    expect(body.errors.map((e: { attr: string; code: string }) => [e.attr, e.code])).toEqual([
      ['identities.4.serial', 'blank'],
      ['identities.4.birthday', 'INVALID_DATE_FORMAT'],
    ]);
    expect(await identityCount(hr.company.id)).toBe(1);

    const second = await bulk(hr.rh, [
      { serial: 'B1', birthday: '1990-01-01' },
      { serial: 'b0', birthday: '1990-01-01' },
      { serial: 'B2', birthday: '1990-01-01' },
      { serial: 'B2', birthday: '1991-01-01' },
    ]);
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual([
      {
        attr: 'identities.1.serial',
        code: 'IDENTITY_EXISTS',
        detail: 'Une identité avec le matricule « b0 » existe déjà.',
      },
      {
        attr: 'identities.2.serial',
        code: 'DUPLICATE_IN_FILE',
        detail: 'Le matricule « B2 » figure aussi sur la position 4.',
      },
      {
        attr: 'identities.3.serial',
        code: 'DUPLICATE_IN_FILE',
        detail: 'Le matricule « B2 » figure aussi sur la position 3.',
      },
    ]);
    expect(await identityCount(hr.company.id)).toBe(1);
  });

  it(`accepts ${SIGNUP_IDENTITIES_MAX} identities at once, not one more`, async () => {
    const hr = await hrCompany();
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ serial: `${prefix}${i}`, birthday: '1990-01-01' }));
    const tooMany = await bulk(hr.rh, many(SIGNUP_IDENTITIES_MAX + 1, 'T'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0]).toMatchObject({ code: 'max_length', attr: 'identities' });
    expect(await identityCount(hr.company.id)).toBe(0);

    const res = await bulk(hr.rh, many(SIGNUP_IDENTITIES_MAX, 'S'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: SIGNUP_IDENTITIES_MAX });
    expect(await identityCount(hr.company.id)).toBe(SIGNUP_IDENTITIES_MAX);
  }, 60_000);

  it('needs at least one identity', async () => {
    const hr = await hrCompany();
    const res = await bulk(hr.rh, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'min_length', attr: 'identities' });
  });
});

describe('GET /company/identities', () => {
  let hr: Hr;
  beforeAll(async () => {
    hr = await hrCompany();
    expect(
      (
        await bulk(hr.rh, [
          { serial: 'L-001', birthday: '1990-01-01' },
          { serial: 'L-002', birthday: '1991-02-02' },
          { serial: 'X-100', birthday: '1992-03-03' },
        ])
      ).statusCode,
    ).toBe(201);
    // L-002 signed up: the identity is used and linked to its employee.
    const { employee } = await createTestEmployee(t.db, hr.company.id, {
      password: null,
      firstName: 'Salma',
      lastName: 'Bennani',
      employee: { serial: 'L-002' },
    });
    await t.db
      .update(signupIdentities)
      .set({ isUsed: true, employeeId: employee.id })
      .where(and(eq(signupIdentities.companyId, hr.company.id), eq(signupIdentities.serial, 'L-002')));
  });

  it('lists the identities with the used flag and the linked employee', async () => {
    const result = await page(hr.rh, '?ordering=serial');
    expect(result.count).toBe(3);
    expect(result.results.map((r) => [r.serial, r.birthday, r.is_used])).toEqual([
      ['L-001', '1990-01-01', false],
      ['L-002', '1991-02-02', true],
      ['X-100', '1992-03-03', false],
    ]);
    expect(result.results[1]!.employee).toEqual({
      id: expect.any(Number),
      first_name: 'Salma',
      last_name: 'Bennani',
    });
    expect(result.results[0]!.employee).toBeNull();
    expect(result.results[0]!.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('searches by matricule and filters on is_used', async () => {
    expect((await page(hr.rh, '?search=l-00')).results.map((r) => r.serial).sort()).toEqual([
      'L-001',
      'L-002',
    ]);
    expect((await page(hr.rh, '?is_used=true')).results.map((r) => r.serial)).toEqual(['L-002']);
    expect((await page(hr.rh, '?is_used=0&ordering=-serial')).results.map((r) => r.serial)).toEqual([
      'X-100',
      'L-001',
    ]);
    const bad = await list(hr.rh, '?is_used=peut-etre');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ attr: 'is_used', code: 'invalid' });
  });

  it('pages with limit and offset', async () => {
    const first = await page(hr.rh, '?limit=2&ordering=serial');
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('offset=2');
    const second = await page(hr.rh, '?limit=2&offset=2&ordering=serial');
    expect(second.results.map((r) => r.serial)).toEqual(['X-100']);
  });
});

describe('DELETE /company/identities/{id}/', () => {
  it('deletes an unused identity and refuses a used one with IDENTITY_USED', async () => {
    const hr = await hrCompany();
    await bulk(hr.rh, [
      { serial: 'D-1', birthday: '1990-01-01' },
      { serial: 'D-2', birthday: '1990-01-01' },
    ]);
    const rows = await t.db
      .select()
      .from(signupIdentities)
      .where(eq(signupIdentities.companyId, hr.company.id));
    const [unused, used] = rows.sort((a, b) => a.serial.localeCompare(b.serial));
    await t.db.update(signupIdentities).set({ isUsed: true }).where(eq(signupIdentities.id, used!.id));

    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/identities/${unused!.id}/`,
      headers: hr.rh,
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/identities/${used!.id}/`,
      headers: hr.rh,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      type: 'client_error',
      errors: [
        { code: 'IDENTITY_USED', attr: null, detail: 'Cette identité a déjà servi à créer un compte.' },
      ],
    });
    expect(await identityCount(hr.company.id)).toBe(1);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/identities/${unused!.id}/`,
      headers: hr.rh,
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/company/identities/abc/',
      headers: hr.rh,
    });
    expect(malformed.statusCode).toBe(404);
  });
});

describe('identities: tenancy and roles', () => {
  it("keeps each company's identities to itself", async () => {
    const a = await hrCompany();
    const b = await hrCompany();
    await bulk(a.rh, [{ serial: 'SAME', birthday: '1990-01-01' }]);
    const [ofA] = await t.db
      .select()
      .from(signupIdentities)
      .where(eq(signupIdentities.companyId, a.company.id));
    // The same matricule is free in another company.
    const res = await bulk(b.rh, [{ serial: 'SAME', birthday: '1991-01-01' }]);
    expect(res.statusCode, res.body).toBe(201);

    expect((await page(b.rh)).results.map((r) => r.birthday)).toEqual(['1991-01-01']);
    expect((await page(b.rh, '?search=SAME')).count).toBe(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/identities/${ofA!.id}/`,
      headers: b.rh,
    });
    expect(del.statusCode).toBe(404);
    // Previews check against the caller's company only.
    await bulk(a.rh, [{ serial: 'ONLY-A', birthday: '1990-01-01' }]);
    const result = await preview(b.rh, 'matricule;date_naissance\nONLY-A;01/01/1990\nSAME;01/01/1990');
    expect(codesOf(result.rows[0]!)).toEqual([]);
    expect(codesOf(result.rows[1]!)).toEqual(['IDENTITY_EXISTS']);
    expect(await identityCount(a.company.id)).toBe(2);
  });

  it('answers 403 to an employee without an HR role and 401 to an anonymous caller', async () => {
    const hr = await hrCompany();
    await bulk(hr.rh, [{ serial: 'R1', birthday: '1990-01-01' }]);
    const [row] = await t.db
      .select()
      .from(signupIdentities)
      .where(eq(signupIdentities.companyId, hr.company.id));
    const calls = [
      () => list(hr.plain),
      () => upload(hr.plain, 'matricule;date_naissance\nM1;01/01/1990'),
      () => bulk(hr.plain, [{ serial: 'R2', birthday: '1990-01-01' }]),
      () => t.app.inject({ method: 'DELETE', url: `/api/company/identities/${row!.id}/`, headers: hr.plain }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('permission_denied');
    }
    expect((await list({})).statusCode).toBe(401);
    expect(await identityCount(hr.company.id)).toBe(1);
  });
});
