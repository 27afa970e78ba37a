import { ZImportFailedBody } from '@tasbiq/contracts/employee-imports';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeWorkedTime } from '../src/db/schema/employees.ts';
import { casablancaMonth } from '../src/lib/time.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seed = 0;
const tag = (Date.now() % 100_000).toString().padStart(5, '0');

async function staff() {
  const company = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  const make = () => {
    seed += 1;
    return createTestEmployee(t.db, company.id, {
      password: null,
      cin: `WD${String(seed).padStart(4, '0')}${tag.slice(-2)}`,
      employee: { serial: `W${tag}-${seed}` },
    });
  };
  const [a, b, c] = [await make(), await make(), await make()];
  return { company, rh, a, b, c, headers: await bearerFor(t, rh.user.id) };
}

async function send(
  headers: Record<string, string>,
  text: string | Buffer | null,
  fields: Record<string, string> = {},
  file: { field?: string; name?: string } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (text !== null) {
    const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    form.append(file.field ?? 'file', new Blob([new Uint8Array(data)]), file.name ?? 'jours.csv');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/employees/wd/',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function workedTime(employeeId: number, year: number, month: number) {
  const [row] = await t.db
    .select()
    .from(employeeWorkedTime)
    .where(
      and(
        eq(employeeWorkedTime.employeeId, employeeId),
        eq(employeeWorkedTime.year, year),
        eq(employeeWorkedTime.month, month),
      ),
    );
  return row ?? null;
}

const codes = (body: unknown) =>
  ZImportFailedBody.parse(body).report.errors.map((e) => `${e.row}:${e.column}:${e.code}`);

describe('GET /employees/wd/template', () => {
  it('is a French Excel CSV with the columns and an example row', async () => {
    const { headers } = await staff();
    const response = await t.app.inject({ method: 'GET', url: '/api/employees/wd/template', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('modele-jours-travailles.csv');
    expect(response.body).toBe(
      '\uFEFFmatricule;cin;jours_travailles;heures_travaillees\r\nM0001;;22;176,5\r\n',
    );
  });
});

describe('POST /employees/wd/', () => {
  it('upserts days and hours of the month by matricule or CIN, decimal commas included', async () => {
    const { rh, a, b, headers } = await staff();
    const csv = [
      'matricule;cin;jours_travailles;heures_travaillees',
      `${a.employee.serial};;22;176,5`,
      `;${b.user.cin!.toLowerCase()};21,5;172`,
      '', // a blank line is skipped
    ].join('\r\n');
    const response = await send(headers, csv, { month: '3', year: '2026' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2, month: 3, year: 2026, ignored_columns: [], skipped: [] });
    expect(await workedTime(a.employee.id, 2026, 3)).toMatchObject({
      workedDays: '22.00',
      workedHours: '176.50',
      uploadedBy: rh.user.id,
    });
    expect(await workedTime(b.employee.id, 2026, 3)).toMatchObject({
      workedDays: '21.50',
      workedHours: '172.00',
    });

    // A new upload for the month replaces the figures; other months are untouched.
    const again = await send(headers, `matricule,jours_travailles\n${a.employee.serial},27\n`, {
      month: '3',
      year: '2026',
    });
    expect(again.json()).toMatchObject({ updated: 1 });
    expect(await workedTime(a.employee.id, 2026, 3)).toMatchObject({
      workedDays: '27.00',
      workedHours: '0.00',
    });
    const rows = await t.db
      .select()
      .from(employeeWorkedTime)
      .where(eq(employeeWorkedTime.employeeId, a.employee.id));
    expect(rows).toHaveLength(1);
  });

  it('defaults to the current month in Casablanca and accepts the file under csvfile too, in Windows-1252', async () => {
    const { c, headers } = await staff();
    const csv = iconv.encode(
      `Matricule;Jours travaillés;Heures travaillées;Nom\r\n${c.employee.serial};20;160;Zoé\r\n`,
      'win1252',
    );
    const response = await send(headers, csv, {}, { field: 'csvfile' });
    const { month, year } = casablancaMonth(new Date());
    expect(response.json()).toEqual({ updated: 1, month, year, ignored_columns: ['Nom'], skipped: [] });
    expect(await workedTime(c.employee.id, year, month)).toMatchObject({ workedDays: '20.00' });
  });

  it('refuses the whole file with a row report: unknown, mismatched, duplicated, bad numbers', async () => {
    const { a, b, c, headers } = await staff();
    const other = await staff();
    const csv = [
      'matricule;cin;jours_travailles;heures_travaillees',
      `${a.employee.serial};;22;176`, // 2: fine
      'INCONNU;;22;176', // 3
      `${other.a.employee.serial};;22;176`, // 4: another company's employee
      `;${other.b.user.cin};22;176`, // 5: another company's CIN
      `${b.employee.serial};${c.user.cin};22;176`, // 6: two different people
      `;${a.user.cin};20;160`, // 7: a again, by CIN
      `${c.employee.serial};;32;176`, // 8
      `${c.employee.serial};;-1;176`, // 9
      `${c.employee.serial};;vingt;176`, // 10
      `${c.employee.serial};;22;`, // 11
      `${c.employee.serial};;22;800`, // 12
      ';;22;176', // 13
      `${c.employee.serial};;0,125;176`, // 14
    ].join('\r\n');
    const response = await send(headers, csv, { month: '4', year: '2026' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toEqual([{ code: 'UPLOAD_WD_FAILED', detail: expect.any(String), attr: null }]);
    expect(codes(body)).toEqual([
      '3:matricule:EMPLOYEE_NOT_FOUND',
      '4:matricule:EMPLOYEE_NOT_FOUND',
      '5:cin:EMPLOYEE_NOT_FOUND',
      '6:cin:EMPLOYEE_MISMATCH',
      '7:cin:DUPLICATE_IN_FILE',
      '8:jours_travailles:max_value',
      '9:jours_travailles:min_value',
      '10:jours_travailles:invalid',
      '11:heures_travaillees:required',
      '12:heures_travaillees:max_value',
      '13:matricule:required',
      '14:jours_travailles:invalid',
    ]);
    expect(body.report.total_rows).toBe(13);
    expect(body.report.total_lines).toBe(14);
    // Nothing written, not even line 2.
    expect(await workedTime(a.employee.id, 2026, 4)).toBeNull();
  });

  it('reports missing columns on line 1', async () => {
    const { headers } = await staff();
    expect(codes((await send(headers, 'nom;jours\r\nA;2\r\n')).json())).toEqual([
      '1:matricule:CSV_MISSING_COLUMNS',
    ]);
    expect(codes((await send(headers, 'matricule;nom\r\nA;B\r\n')).json())).toEqual([
      '1:jours_travailles:CSV_MISSING_COLUMNS',
    ]);
  });

  it('validates the file and the month: INVALID_FILE, required, month 1–12', async () => {
    const { a, headers } = await staff();
    const ok = `matricule;jours\r\n${a.employee.serial};2\r\n`;
    const pdf = await send(headers, Buffer.from('%PDF-1.7\n'), {}, { name: 'jours.csv' });
    expect(pdf.json().errors).toEqual([{ code: 'INVALID_FILE', detail: expect.any(String), attr: 'file' }]);
    const xlsx = await send(headers, ok, {}, { name: 'jours.xlsx' });
    expect(xlsx.json().errors[0]).toMatchObject({ code: 'INVALID_FILE', attr: 'file' });
    const none = await send(headers, null, { month: '1' });
    expect(none.json().errors).toEqual([{ code: 'required', detail: expect.any(String), attr: 'file' }]);
    const month = await send(headers, ok, { month: '13', year: '2026' });
    expect(month.json().errors[0]).toMatchObject({ code: 'max_value', attr: 'month' });
    const year = await send(headers, ok, { month: '1', year: 'deux-mille' });
    expect(year.json().errors[0]).toMatchObject({ code: 'invalid', attr: 'year' });
  });

  it('is refused to an employee without HR role', async () => {
    const { a } = await staff();
    const response = await send(await bearerFor(t, a.user.id), 'matricule;jours\r\nX;1\r\n');
    expect(response.statusCode).toBe(403);
  });
});
