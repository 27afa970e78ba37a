import { createHash } from 'node:crypto';
import {
  EMPLOYEE_IMPORT_COLUMNS,
  type EmployeeImportColumn,
  type TImportFailedBody,
  ZImportFailedBody,
} from '@tasbiq/contracts/employee-imports';
import { ribKey } from '@tasbiq/contracts/validators';
import { and, count, eq, inArray } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { passwordResetTokens } from '../src/db/schema/auth.ts';
import { employees } from '../src/db/schema/employees.ts';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { settleActivationSms } from '../src/modules/employee-imports/invitations.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await settleActivationSms();
  await t.close();
});

// ------------------------------------------------------------------------------------------------
// Data

type Row = Partial<Record<EmployeeImportColumn, string>>;
const HEADER = EMPLOYEE_IMPORT_COLUMNS.map((c) => c.name);

let seed = 0;
const runTag = (Date.now() % 100_000).toString().padStart(5, '0');
/** A valid row nobody else has (phone, CIN, e-mail, matricule unique in this run). */
function person(overrides: Row = {}): Row {
  seed += 1;
  const n = String(seed).padStart(4, '0');
  return {
    matricule: `M${runTag}${n}`,
    nom: 'Alaoui',
    prenom: 'Sara',
    cin: `IM${String((Number(runTag) * 10_000 + seed) % 1_000_000).padStart(6, '0')}`,
    telephone: `07${runTag.slice(0, 4)}${n}`,
    email: `import.${runTag}.${n}@test.ma`,
    date_naissance: '15/03/1990',
    salaire: '8 000,50',
    ...overrides,
  };
}

function validRib(account: number): string {
  const body = `011780${String(account).padStart(16, '0')}`;
  return `${body}${ribKey(body)}`;
}

type CsvOptions = {
  separator?: string;
  eol?: string;
  encoding?: 'utf8' | 'win1252';
  bom?: boolean;
  header?: string[];
};

function csvFile(rows: Row[], options: CsvOptions = {}): Buffer {
  const { separator = ';', eol = '\r\n', encoding = 'utf8', bom = true, header = HEADER } = options;
  const quote = (cell: string) =>
    cell.includes(separator) || cell.includes('"') || cell.includes('\n')
      ? `"${cell.replace(/"/g, '""')}"`
      : cell;
  const lines = [
    header.join(separator),
    ...rows.map((row) => header.map((h) => quote(row[h as EmployeeImportColumn] ?? '')).join(separator)),
  ];
  const text = lines.join(eol) + eol;
  if (encoding === 'win1252') return iconv.encode(text, 'win1252');
  return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

async function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; data: Buffer },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: 'text/csv' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

async function upload(
  headers: Record<string, string>,
  data: Buffer | null,
  options: { name?: string; sendSms?: string; field?: string } = {},
) {
  const body = await multipart(
    options.sendSms === undefined ? {} : { send_sms: options.sendSms },
    data ? { field: options.field ?? 'csvfile', name: options.name ?? 'salaries.csv', data } : undefined,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/employees/import/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function hrCompany() {
  const company = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, company.id, { roles: ['RH'], password: null });
  return { company, rh, headers: await bearerFor(t, rh.user.id) };
}

async function counts() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [e] = await t.db.select({ n: count() }).from(employees);
  return { users: u!.n, employees: e!.n };
}

function failedBody(response: { json(): unknown }): TImportFailedBody {
  return ZImportFailedBody.parse(response.json());
}

/** The report's errors as `line:column:code`, to compare in one glance. */
function codes(body: TImportFailedBody): string[] {
  return body.report.errors.map((e) => `${e.row}:${e.column}:${e.code}`);
}

// ------------------------------------------------------------------------------------------------

describe('GET /employees/import/template', () => {
  it('is the CSV French Excel opens: UTF-8 BOM, ; and CRLF, header and one example row that imports as is', async () => {
    const { headers } = await hrCompany();
    const response = await t.app.inject({ method: 'GET', url: '/api/employees/import/template', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('modele-import-salaries.csv');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'matricule;nom;prenom;cin;telephone;email;date_naissance;salaire;taux_horaire;net_a_payer;rib;groupe;pourcentage_avance;avances_par_mois;avances_gratuites;plafond_mensuel;methode_solde',
    );
    expect(lines[1]).toContain('Benaïssa;Hélène;BE123456;0612345678');
    expect(lines.slice(2)).toEqual(['']);

    const imported = await upload(headers, raw);
    expect(imported.json()).toEqual({ created: 1, ignored_columns: [], invitations_queued: 0 });
  });

  it('is refused to an employee without HR role (403) and to an anonymous caller (401)', async () => {
    const { company } = await hrCompany();
    const employee = await createTestEmployee(t.db, company.id, { password: null });
    const asEmployee = await bearerFor(t, employee.user.id);
    for (const url of ['/api/employees/import/template', '/api/employees/wd/template']) {
      expect((await t.app.inject({ method: 'GET', url, headers: asEmployee })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await upload(asEmployee, csvFile([person()]))).statusCode).toBe(403);
    const anonymous = await upload({}, csvFile([person()]));
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /employees/import/ — success', () => {
  it('creates every row as an invited employee of the caller’s company, with every column', async () => {
    const { company, headers } = await hrCompany();
    const group = await createGroup(t.db, company.id, { name: 'Siège Casablanca' });
    const full = person({
      prenom: 'Hélène',
      nom: 'Benaïssa',
      cin: 'be 12 3457',
      telephone: '+212 6 11 22 33 44',
      email: 'Helene.Benaissa@Test.MA',
      date_naissance: '05/11/1988',
      salaire: '1 500,50',
      taux_horaire: '45,5',
      net_a_payer: '1.400,00',
      rib: validRib(777),
      groupe: 'siège  casablanca',
      pourcentage_avance: '30',
      avances_par_mois: '-1',
      avances_gratuites: '2',
      plafond_mensuel: '2 000',
      methode_solde: '3',
    });
    const minimal = person({ matricule: '', email: '', date_naissance: '' });
    const response = await upload(headers, csvFile([full, minimal]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 2, ignored_columns: [], invitations_queued: 0 });

    const [user] = await t.db.select().from(users).where(eq(users.phone, '+212611223344'));
    expect(user).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Benaïssa',
      cin: 'BE123457',
      email: 'helene.benaissa@test.ma',
      companyId: company.id,
      passwordHash: null,
      roles: [],
      isActive: true,
    });
    const [employee] = await t.db.select().from(employees).where(eq(employees.userId, user!.id));
    expect(employee).toMatchObject({
      companyId: company.id,
      groupId: group.id,
      serial: full.matricule,
      salaryCentimes: 150050n,
      hourlyRateCentimes: 4550n,
      netPayableCentimes: 140000n,
      rib: validRib(777),
      birthday: '1988-11-05',
      advancePercentage: 30,
      maxAdvancesPerMonth: -1,
      maxFreeAdvancesPerMonth: 2,
      totalMaxAdvancePerMonthCentimes: 200000n,
      balanceMethod: 3,
      status: 'invited',
      isActive: true,
    });

    const [second] = await t.db
      .select({ employee: employees, user: users })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.cin, minimal.cin!));
    // Defaults of the database for what the file leaves empty.
    expect(second!.employee).toMatchObject({
      serial: null,
      birthday: null,
      groupId: null,
      advancePercentage: 50,
      maxAdvancesPerMonth: -1,
      totalMaxAdvancePerMonthCentimes: 500000n,
      balanceMethod: 1,
    });
    expect(second!.user.email).toBeNull();
  });

  const encodings: Array<[string, CsvOptions]> = [
    ['UTF-8 with BOM, ;, CRLF', { encoding: 'utf8', bom: true, separator: ';', eol: '\r\n' }],
    ['UTF-8 without BOM, ,, LF', { encoding: 'utf8', bom: false, separator: ',', eol: '\n' }],
    ['Windows-1252, ;, CRLF', { encoding: 'win1252', separator: ';', eol: '\r\n' }],
    ['Windows-1252, ,, CRLF', { encoding: 'win1252', separator: ',', eol: '\r\n' }],
  ];
  for (const [label, options] of encodings) {
    it(`reads French Excel files: ${label}`, async () => {
      const { headers } = await hrCompany();
      const row = person({ prenom: 'Hélène', nom: 'Benaïssa-Lœuvre', salaire: '1 500,50' });
      // A comma inside a cell is quoted when "," separates cells.
      const other = person({ prenom: 'Noël', nom: 'El Fassi, Zoé' });
      const response = await upload(headers, csvFile([row, other], options));
      expect(response.statusCode, response.body).toBe(200);
      const names = await t.db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.cin, [row.cin!, other.cin!]))
        .orderBy(users.id);
      expect(names).toEqual([
        { first: 'Hélène', last: 'Benaïssa-Lœuvre' },
        { first: 'Noël', last: 'El Fassi, Zoé' },
      ]);
    });
  }

  it('matches headers without case or accents, in any order, and ignores (and names) unknown columns', async () => {
    const { headers } = await hrCompany();
    const row = person();
    const header = ['Prénom', 'NOM', 'Téléphone', 'N° CIN', 'Salaire', 'Service', 'E-mail'];
    const values = [row.prenom, row.nom, row.telephone, row.cin, row.salaire, 'Comptabilité', row.email];
    const text = `${header.join(';')}\r\n${values.join(';')}\r\n`;
    const response = await upload(headers, Buffer.from(text, 'utf8'));
    expect(response.json()).toEqual({ created: 1, ignored_columns: ['Service'], invitations_queued: 0 });
  });

  it('sends the activation links by SMS after the import when send_sms is true, none otherwise', async () => {
    const { company, headers } = await hrCompany();
    const rows = [person(), person()];
    const response = await upload(headers, csvFile(rows), { sendSms: 'true' });
    expect(response.json()).toMatchObject({ created: 2, invitations_queued: 2 });
    await settleActivationSms();

    for (const row of rows) {
      const phone = `+212${row.telephone!.slice(1)}`;
      const [sms] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
      expect(sms?.channel).toBe('sms');
      expect(sms?.body).toContain(company.name);
      const token = /\/activate\?token=([\w-]+)/.exec(sms!.body)?.[1];
      expect(token).toBeTruthy();
      const [user] = await t.db.select().from(users).where(eq(users.phone, phone));
      const [link] = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user!.id));
      expect(link).toMatchObject({
        purpose: 'activation',
        tokenHash: createHash('sha256').update(token!).digest('hex'),
        usedAt: null,
      });
      const days = (link!.expiresAt.getTime() - link!.createdAt.getTime()) / 86_400_000;
      expect(days).toBe(7);
    }

    const quiet = person();
    expect((await upload(headers, csvFile([quiet]), { sendSms: 'false' })).json()).toMatchObject({
      invitations_queued: 0,
    });
    await settleActivationSms();
    const sent = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `+212${quiet.telephone!.slice(1)}`));
    expect(sent).toEqual([]);
  });

  it('keeps the import when an SMS fails: the failure is logged, the other links go', async () => {
    const { headers } = await hrCompany();
    const rows = [person(), person(), person()];
    t.ctx.sms.sandbox?.failNext(1);
    const response = await upload(headers, csvFile(rows), { sendSms: '1' });
    expect(response.json()).toMatchObject({ created: 3, invitations_queued: 3 });
    await settleActivationSms();
    const phones = rows.map((r) => `+212${r.telephone!.slice(1)}`);
    const messages = await t.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, phones));
    expect(messages.map((m) => m.status).sort()).toEqual(['failed', 'sent', 'sent']);
  });
});

describe('POST /employees/import/ — refused files write nothing', () => {
  it('reports every row error with its line, column and code', async () => {
    const { company, headers } = await hrCompany();
    await createGroup(t.db, company.id, { name: 'Usine' });
    const rows: Row[] = [
      person({ nom: '' }), // 2
      person({ cin: '12AB' }), // 3
      person({ telephone: '12345' }), // 4
      person({ email: 'pas-un-email' }), // 5
      person({ date_naissance: '31/02/1990' }), // 6
      person({ salaire: '0' }), // 7
      person({ salaire: 'beaucoup' }), // 8
      person({ pourcentage_avance: '55' }), // 9
      person({ avances_par_mois: '12' }), // 10
      person({ methode_solde: '5' }), // 11
      person({ rib: '011780000000000000000000' }), // 12
      person({ groupe: 'Bureau' }), // 13
      person({ plafond_mensuel: '0' }), // 14
      person({ date_naissance: '1990/03/15' }), // 15
      person({ salaire: '' }), // 16
      person({ avances_gratuites: 'deux' }), // 17
      person({ groupe: 'usine' }), // 18: valid (group matched without case)
    ];
    const before = await counts();
    const response = await upload(headers, csvFile(rows));
    expect(response.statusCode).toBe(400);
    const body = failedBody(response);
    expect(body.type).toBe('validation_error');
    expect(body.errors).toEqual([
      { code: 'BULK_UPLOAD_FAILED', detail: expect.stringContaining('16 lignes en erreur'), attr: null },
    ]);
    expect(body.report).toMatchObject({ total_rows: 17, total_lines: 18, error_rows: 16, error_count: 16 });
    expect(codes(body)).toEqual([
      '2:nom:required',
      '3:cin:INVALID_CIN',
      '4:telephone:INVALID_PHONE',
      '5:email:INVALID_EMAIL',
      '6:date_naissance:INVALID_DATE_FORMAT',
      '7:salaire:min_value',
      '8:salaire:invalid',
      '9:pourcentage_avance:invalid_choice',
      '10:avances_par_mois:invalid_choice',
      '11:methode_solde:invalid_choice',
      '12:rib:INVALID_RIB',
      '13:groupe:GROUP_NOT_FOUND',
      '14:plafond_mensuel:min_value',
      '15:date_naissance:INVALID_DATE_FORMAT',
      '16:salaire:required',
      '17:avances_gratuites:invalid',
    ]);
    expect(body.report.errors[0]!.detail).toBe('le champ "Nom" est obligatoire');
    expect(body.report.errors[11]!.detail).toContain('Groupe inconnu');
    expect(await counts()).toEqual(before);
  });

  it('reports values present twice in the file on the later line, naming the first one', async () => {
    const { headers } = await hrCompany();
    const a = person();
    const rows = [
      a, // 2
      person({ telephone: a.telephone }), // 3
      person({ cin: a.cin!.toLowerCase() }), // 4: same CIN once normalised
      person({ email: a.email!.toUpperCase() }), // 5
      person({ matricule: a.matricule }), // 6
      person({ telephone: `+212${a.telephone!.slice(1)}` }), // 7: same phone, other spelling
    ];
    const before = await counts();
    const body = failedBody(await upload(headers, csvFile(rows)));
    expect(codes(body)).toEqual([
      '3:telephone:DUPLICATE_IN_FILE',
      '4:cin:DUPLICATE_IN_FILE',
      '5:email:DUPLICATE_IN_FILE',
      '6:matricule:DUPLICATE_IN_FILE',
      '7:telephone:DUPLICATE_IN_FILE',
    ]);
    expect(body.report.errors[0]!.detail).toContain('ligne 2');
    // Real agreement, no "présent(e)".
    expect(body.report.errors.map((error) => error.detail.replace(/ « .* » /, ' « … » '))).toEqual([
      'Le numéro de téléphone « … » figure déjà à la ligne 2 du fichier.',
      'La CIN « … » figure déjà à la ligne 2 du fichier.',
      "L'adresse e-mail « … » figure déjà à la ligne 2 du fichier.",
      'Le matricule « … » figure déjà à la ligne 2 du fichier.',
      'Le numéro de téléphone « … » figure déjà à la ligne 2 du fichier.',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('reports identities that already exist: phone, CIN and e-mail anywhere, matricule in the company', async () => {
    const { company, headers } = await hrCompany();
    const other = await createTestCompany(t.db);
    const existing = await createTestEmployee(t.db, company.id, {
      password: null,
      employee: { serial: `EX${runTag}` },
    });
    await createTestEmployee(t.db, other.id, { password: null, employee: { serial: `OT${runTag}` } });
    const rows = [
      person({ telephone: existing.user.phone! }), // 2
      person({ cin: existing.user.cin! }), // 3
      person({ email: existing.user.email! }), // 4
      person({ matricule: `EX${runTag}` }), // 5
      person({ matricule: `OT${runTag}` }), // 6: another company's matricule is free here
    ];
    const before = await counts();
    const body = failedBody(await upload(headers, csvFile(rows)));
    expect(codes(body)).toEqual([
      '2:telephone:PHONE_EXISTS',
      '3:cin:CIN_EXISTS',
      '4:email:EMAIL_EXISTS',
      '5:matricule:SERIAL_EXISTS',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('reports header problems on line 1: a required column missing, a column named twice', async () => {
    const { headers } = await hrCompany();
    const noCin = csvFile([person()], { header: HEADER.filter((h) => h !== 'cin' && h !== 'salaire') });
    expect(codes(failedBody(await upload(headers, noCin)))).toEqual([
      '1:cin:CSV_MISSING_COLUMNS',
      '1:salaire:CSV_MISSING_COLUMNS',
    ]);
    const twice = Buffer.from(
      'nom;prenom;cin;telephone;salaire;Téléphone\r\nA;B;AB1;0612121212;100;0612121213\r\n',
    );
    expect(codes(failedBody(await upload(headers, twice)))).toEqual(['1:telephone:CSV_DUPLICATE_COLUMN']);
  });

  it('refuses what is not a CSV, by extension and by content: INVALID_FILE on csvfile', async () => {
    const { headers } = await hrCompany();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), Buffer.alloc(64, 7)]);
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0x00, 0x10]);
    const cases: Array<[Buffer, string]> = [
      [pdf, 'salaries.csv'],
      [xlsx, 'salaries.csv'],
      [binary, 'salaries.csv'],
      [csvFile([person()]), 'salaries.xlsx'],
      [csvFile([person()]), 'salaries.pdf'],
    ];
    const before = await counts();
    for (const [data, name] of cases) {
      const response = await upload(headers, data, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        type: 'validation_error',
        errors: [{ code: 'INVALID_FILE', detail: expect.any(String), attr: 'csvfile' }],
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers required without a file, CSV_EMPTY for an empty file or a header alone, invalid for a bad send_sms', async () => {
    const { headers } = await hrCompany();
    const none = await upload(headers, null, { sendSms: 'true' });
    expect(none.json().errors).toEqual([{ code: 'required', detail: expect.any(String), attr: 'csvfile' }]);
    for (const data of [Buffer.alloc(0), Buffer.from('\uFEFFnom;prenom;cin\r\n;;\r\n')]) {
      const empty = await upload(headers, data);
      expect(empty.json().errors).toEqual([
        { code: 'CSV_EMPTY', detail: expect.any(String), attr: 'csvfile' },
      ]);
    }
    const badFlag = await upload(headers, csvFile([person()]), { sendSms: 'peut-être' });
    expect(badFlag.json().errors).toEqual([
      { code: 'invalid', detail: expect.any(String), attr: 'send_sms' },
    ]);
  });

  it('imports into the caller’s company only: another company’s group name is unknown there', async () => {
    const a = await hrCompany();
    const b = await hrCompany();
    await createGroup(t.db, a.company.id, { name: `Usine A ${runTag}` });
    const withAGroup = failedBody(
      await upload(b.headers, csvFile([person({ groupe: `Usine A ${runTag}` })])),
    );
    expect(codes(withAGroup)).toEqual(['2:groupe:GROUP_NOT_FOUND']);

    const row = person();
    expect((await upload(b.headers, csvFile([row]))).statusCode).toBe(200);
    const [created] = await t.db
      .select({ company: employees.companyId, userCompany: users.companyId })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.cin, row.cin!));
    expect(created).toEqual({ company: b.company.id, userCompany: b.company.id });
    const inA = await t.db
      .select({ n: count() })
      .from(employees)
      .where(and(eq(employees.companyId, a.company.id)));
    expect(inA[0]!.n).toBe(1); // only A's RH
  });

  it('two uploads of one file at once: one imports, the other is refused with the identities now taken', async () => {
    const { headers } = await hrCompany();
    const rows = Array.from({ length: 50 }, () => person());
    const file = csvFile(rows);
    const before = await counts();
    const answers = await Promise.all([upload(headers, file), upload(headers, file)]);
    const bodies = answers.map((a) => `${a.statusCode} ${a.body.slice(0, 300)}`).join('\n');
    expect(answers.map((a) => a.statusCode).sort(), bodies).toEqual([200, 400]);
    const refused = failedBody(answers.find((a) => a.statusCode === 400)!);
    expect(refused.report.error_rows, bodies).toBe(50);
    expect(new Set(refused.report.errors.map((e) => e.code))).toEqual(
      new Set(['PHONE_EXISTS', 'EMAIL_EXISTS', 'CIN_EXISTS', 'SERIAL_EXISTS']),
    );
    const after = await counts();
    expect(after.employees - before.employees).toBe(50);
  });

  it('all or nothing at scale: one bad row at line 10,001 of 10,000 leaves the database unchanged', async () => {
    const { headers } = await hrCompany();
    const rows: Row[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const n = String(i).padStart(5, '0');
      rows.push({
        matricule: `B${runTag}${n}`,
        nom: 'Masse',
        prenom: `Salarié ${n}`,
        cin: `BK${n}${runTag.slice(-1)}`,
        telephone: `069${runTag.slice(-2)}${n}`, // the range uniquePhone() leaves free
        salaire: '5 000,00',
      });
    }
    rows[9_999] = { ...rows[9_999], date_naissance: '31/02/2026' };
    const before = await counts();
    const response = await upload(headers, csvFile(rows));
    expect(response.statusCode).toBe(400);
    const body = failedBody(response);
    expect(body.report, codes(body).join(' ')).toMatchObject({
      total_rows: 10_000,
      total_lines: 10_001,
      error_rows: 1,
    });
    expect(codes(body)).toEqual(['10001:date_naissance:INVALID_DATE_FORMAT']);
    expect(await counts()).toEqual(before);

    // Fixed, the same file imports whole.
    rows[9_999] = { ...rows[9_999], date_naissance: '28/02/1996' };
    const fixed = await upload(headers, csvFile(rows));
    expect(fixed.json()).toMatchObject({ created: 10_000 });
    const after = await counts();
    expect(after.employees).toBe(before.employees + 10_000);
    expect(after.users).toBe(before.users + 10_000);
  }, 120_000);
});
