import { ZImportFailedBody } from '@tasbiq/contracts/employee-imports';
import { ZGroup } from '@tasbiq/contracts/groups';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, groups } from '../src/db/schema/employees.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** POST /groups/ (JSON or multipart with a CSV of CINs), PUT /groups/{id}/, DELETE /groups/{id}/. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let cinSeed = 300000;
function newCin(): string {
  cinSeed += 1;
  return `GR${cinSeed}`;
}

async function hrCompany() {
  const company = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  const plain = await createTestEmployee(t.db, company.id, { password: null });
  return { company, headers: await bearerFor(t, rh.user.id), plain: await bearerFor(t, plain.user.id) };
}
type Hr = Awaited<ReturnType<typeof hrCompany>>;

async function member(companyId: number, groupId: number | null = null) {
  const created = await createTestEmployee(t.db, companyId, {
    password: null,
    cin: newCin(),
    employee: { groupId },
  });
  return { id: created.employee.id, cin: created.user.cin! };
}

async function groupOf(employeeId: number) {
  const [row] = await t.db
    .select({ groupId: employees.groupId })
    .from(employees)
    .where(eq(employees.id, employeeId));
  return row?.groupId ?? null;
}

async function groupCount(companyId: number) {
  return (await t.db.select().from(groups).where(eq(groups.companyId, companyId))).length;
}

async function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer | string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    form.append('file', new Blob([new Uint8Array(data)], { type: 'text/csv' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function createWithFile(hr: Hr, name: string, file?: { name: string; data: Buffer | string }) {
  const body = await multipart({ name }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/groups/',
    headers: { ...hr.headers, ...body.headers },
    payload: body.payload,
  });
}

const createJson = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/groups/', headers, payload });

function firstError(res: { json(): unknown }) {
  return (res.json() as { errors: Array<{ code: string; attr: string | null }> }).errors[0]!;
}

describe('POST /groups/ as JSON', () => {
  it('creates an empty group', async () => {
    const hr = await hrCompany();
    const res = await createJson(hr.headers, { name: '  Commerciaux  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(ZGroup.parse(res.json())).toMatchObject({ name: 'Commerciaux', employee_count: 0 });
  });

  it('moves the listed employees into it, out of their old group', async () => {
    const hr = await hrCompany();
    const old = await createGroup(t.db, hr.company.id, { name: 'Ancien' });
    const a = await member(hr.company.id, old.id);
    const b = await member(hr.company.id);
    const stays = await member(hr.company.id, old.id);
    const res = await createJson(hr.headers, { name: 'Nouveau', employees: [a.id, b.id, a.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().employee_count).toBe(2);
    expect(await groupOf(a.id)).toBe(res.json().id);
    expect(await groupOf(b.id)).toBe(res.json().id);
    expect(await groupOf(stays.id)).toBe(old.id);
  });

  it("refuses another company's employee and creates nothing", async () => {
    const hr = await hrCompany();
    const other = await hrCompany();
    const mine = await member(hr.company.id);
    const theirs = await member(other.company.id);
    const res = await createJson(hr.headers, { name: 'Mixte', employees: [mine.id, theirs.id] });
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ attr: 'employees', code: 'does_not_exist' });
    expect(await groupCount(hr.company.id)).toBe(0);
    expect(await groupOf(mine.id)).toBeNull();
    expect(await groupOf(theirs.id)).toBeNull();
  });

  it.each([
    [{}, 'required'],
    [{ name: '   ' }, 'blank'],
    [{ name: 'x'.repeat(101) }, 'max_length'],
    [{ name: null }, 'null'],
  ])('validates the name: %j → %s', async (payload, code) => {
    const hr = await hrCompany();
    const res = await createJson(hr.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(firstError(res)).toMatchObject({ attr: 'name', code });
  });

  it('refuses a name already used in the company (any case), not in another company', async () => {
    const hr = await hrCompany();
    const other = await hrCompany();
    await createGroup(t.db, hr.company.id, { name: 'Production' });
    for (const name of ['Production', 'PRODUCTION', ' production ']) {
      const res = await createJson(hr.headers, { name });
      expect(res.statusCode, name).toBe(400);
      expect(firstError(res)).toMatchObject({ attr: 'name', code: 'unique' });
    }
    expect((await createJson(other.headers, { name: 'Production' })).statusCode).toBe(201);
  });

  it('is for HR only', async () => {
    const hr = await hrCompany();
    expect((await createJson(hr.plain, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/groups/', payload: { name: 'X' } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /groups/ with a CSV of CINs', () => {
  it('creates a group without a file', async () => {
    const hr = await hrCompany();
    const res = await createWithFile(hr, 'Sans fichier');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Sans fichier', employee_count: 0 });
  });

  it('reads one CIN per line without a header, normalising case and spaces', async () => {
    const hr = await hrCompany();
    const [a, b] = [await member(hr.company.id), await member(hr.company.id)];
    const csv = `${a.cin.toLowerCase()}\r\n ${b.cin.slice(0, 2)} ${b.cin.slice(2)} \r\n\r\n${a.cin}\r\n`;
    const res = await createWithFile(hr, 'Atelier', { name: 'membres.csv', data: csv });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().employee_count).toBe(2);
    expect(await groupOf(a.id)).toBe(res.json().id);
    expect(await groupOf(b.id)).toBe(res.json().id);
  });

  it('reads the CIN column of a file with a header, in UTF-8 with BOM or Windows-1252, `;` or `,`', async () => {
    const hr = await hrCompany();
    const people = [await member(hr.company.id), await member(hr.company.id), await member(hr.company.id)];
    const files = [
      { name: 'bom.csv', data: Buffer.from(`\uFEFFN° CIN\r\n${people[0]!.cin}\r\n`) },
      { name: 'ansi.CSV', data: iconv.encode(`Prénom;N° CIN\r\nAmine;${people[1]!.cin}\r\n`, 'win1252') },
      { name: 'virgules.csv', data: Buffer.from(`nom,cin\nZineb,${people[2]!.cin}\n`) },
    ];
    for (const [index, file] of files.entries()) {
      const res = await createWithFile(hr, `Groupe ${index}`, file);
      expect(res.statusCode, `${file.name}: ${res.body}`).toBe(201);
      expect(res.json().employee_count, file.name).toBe(1);
      expect(await groupOf(people[index]!.id)).toBe(res.json().id);
    }
  });

  it('unknown CINs (or of another company): 400 with the row report, nothing written', async () => {
    const hr = await hrCompany();
    const other = await hrCompany();
    const known = await member(hr.company.id);
    const foreign = await member(other.company.id);
    const csv = `CIN\n${known.cin}\nZZ999999\n${foreign.cin}\nB-12\n`;
    const res = await createWithFile(hr, 'Refusé', { name: 'cins.csv', data: csv });
    expect(res.statusCode).toBe(400);
    const body = ZImportFailedBody.parse(res.json());
    expect(body.type).toBe('validation_error');
    expect(body.errors[0]).toMatchObject({ code: 'GROUP_UPLOAD_FAILED', attr: null });
    // Lines as Excel numbers them: the header is line 1, so the file has 5 and the last error is on 5.
    expect(body.report).toMatchObject({ total_rows: 4, total_lines: 5, error_rows: 3, error_count: 3 });
    expect(body.report.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [3, 'cin', 'EMPLOYEE_NOT_FOUND'],
      [4, 'cin', 'EMPLOYEE_NOT_FOUND'],
      [5, 'cin', 'INVALID_CIN'],
    ]);
    expect(body.report.errors[0]!.detail).toContain('ZZ999999');
    expect(await groupCount(hr.company.id)).toBe(0);
    expect(await groupOf(known.id)).toBeNull();
  });

  it('numbers rows as the file does when there is no header', async () => {
    const hr = await hrCompany();
    const known = await member(hr.company.id);
    const res = await createWithFile(hr, 'Sans en-tête', {
      name: 'c.csv',
      data: `ZZ111111\n${known.cin}\nZZ222222\n`,
    });
    const body = ZImportFailedBody.parse(res.json());
    expect(body.report.errors.map((e) => e.row)).toEqual([1, 3]);
    expect(body.report).toMatchObject({ total_rows: 3, total_lines: 3 });
  });

  it('refuses a file that is not a CSV, and an empty one', async () => {
    const hr = await hrCompany();
    const cases = [
      { name: 'membres.xlsx', data: 'CIN\nAB123\n' },
      { name: 'membres.csv', data: Buffer.from('%PDF-1.4 binary') },
      { name: 'membres.csv', data: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]) },
    ];
    for (const file of cases) {
      const res = await createWithFile(hr, 'Fichier', file);
      expect(res.statusCode, file.name).toBe(400);
      expect(firstError(res)).toMatchObject({ attr: 'file', code: 'INVALID_FILE' });
    }
    const empty = await createWithFile(hr, 'Vide', { name: 'vide.csv', data: 'CIN\r\n\r\n' });
    expect(firstError(empty)).toMatchObject({ attr: 'file', code: 'CSV_EMPTY' });
    expect(await groupCount(hr.company.id)).toBe(0);
  });

  it('checks the name before the file', async () => {
    const hr = await hrCompany();
    await createGroup(t.db, hr.company.id, { name: 'Pris' });
    const res = await createWithFile(hr, 'pris', { name: 'c.csv', data: 'ZZ000001\n' });
    expect(firstError(res)).toMatchObject({ attr: 'name', code: 'unique' });
    const blank = await createWithFile(hr, '', { name: 'c.csv', data: 'ZZ000001\n' });
    expect(firstError(blank)).toMatchObject({ attr: 'name', code: 'blank' });
  });
});

describe('PUT /groups/{id}/', () => {
  const rename = (headers: Record<string, string>, id: number | string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/groups/${id}/`, headers, payload });

  it('renames; the name stays unique in the company; a change of case is fine', async () => {
    const hr = await hrCompany();
    const group = await createGroup(t.db, hr.company.id, { name: 'Logistique' });
    await createGroup(t.db, hr.company.id, { name: 'Achats' });
    await member(hr.company.id, group.id);
    let res = await rename(hr.headers, group.id, { name: ' Transport ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: group.id, name: 'Transport', employee_count: 1 });
    res = await rename(hr.headers, group.id, { name: 'achats' });
    expect(firstError(res)).toMatchObject({ attr: 'name', code: 'unique' });
    res = await rename(hr.headers, group.id, { name: 'TRANSPORT' });
    expect(res.statusCode).toBe(200);
    res = await rename(hr.headers, group.id, { name: '' });
    expect(firstError(res)).toMatchObject({ attr: 'name', code: 'blank' });
  });

  it("another company's group answers 404 and keeps its name; employees get 403", async () => {
    const hr = await hrCompany();
    const other = await hrCompany();
    const theirs = await createGroup(t.db, other.company.id, { name: 'Secret' });
    expect((await rename(hr.headers, theirs.id, { name: 'Volé' })).statusCode).toBe(404);
    expect((await rename(hr.headers, 'abc', { name: 'Volé' })).statusCode).toBe(404);
    expect((await rename(other.plain, theirs.id, { name: 'Volé' })).statusCode).toBe(403);
    const [row] = await t.db.select().from(groups).where(eq(groups.id, theirs.id));
    expect(row!.name).toBe('Secret');
  });
});

describe('DELETE /groups/{id}/', () => {
  const remove = (headers: Record<string, string>, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/groups/${id}/`, headers });

  it('deletes the group; its members become ungrouped', async () => {
    const hr = await hrCompany();
    const group = await createGroup(t.db, hr.company.id, { name: 'Éphémère' });
    const keep = await createGroup(t.db, hr.company.id, { name: 'Reste' });
    const [a, b, c] = [
      await member(hr.company.id, group.id),
      await member(hr.company.id, group.id),
      await member(hr.company.id, keep.id),
    ];
    const res = await remove(hr.headers, group.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await groupOf(a.id)).toBeNull();
    expect(await groupOf(b.id)).toBeNull();
    expect(await groupOf(c.id)).toBe(keep.id);
    const detail = await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}`, headers: hr.headers });
    expect(detail.statusCode).toBe(404);
    expect((await remove(hr.headers, group.id)).statusCode).toBe(404);
  });

  it("another company's group answers 404 and stays; employees get 403", async () => {
    const hr = await hrCompany();
    const other = await hrCompany();
    const theirs = await createGroup(t.db, other.company.id, { name: 'À eux' });
    const theirMember = await member(other.company.id, theirs.id);
    expect((await remove(hr.headers, theirs.id)).statusCode).toBe(404);
    expect((await remove(other.plain, theirs.id)).statusCode).toBe(403);
    expect(await groupOf(theirMember.id)).toBe(theirs.id);
  });
});
