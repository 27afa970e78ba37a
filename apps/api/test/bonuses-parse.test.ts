import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// xlsx-populate ships no types; it is a second, independent .xlsx writer for these tests.
// @ts-expect-error no declaration file
import XlsxPopulate from 'xlsx-populate';
import { createTenant, type Person } from './advances-helpers.ts';
import { type BonusTenant, createBonusTenant, parseFile } from './bonuses-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * POST /bonuses/parse/ (issue 13): French Excel's files — CSV in Windows-1252 and UTF-8 with a
 * BOM, `;`, `1 500,00` — and .xlsx workbooks written by two different libraries.
 */
let t: TestApp;
let a: BonusTenant;
let people: Person[];
let off: Person;
let foreign: Person;

beforeAll(async () => {
  t = await createTestApp();
  a = await createBonusTenant(t);
  people = [
    await a.employee({ employee: { serial: 'M-001' } }),
    await a.employee({ employee: { serial: 'M-002' } }),
    await a.employee({ employee: { serial: '1003' } }),
  ];
  off = await a.employee({ employee: { isActive: false, serial: 'M-OFF' } });
  foreign = await (await createTenant(t)).employee({ employee: { serial: 'M-001' } });
});
afterAll(async () => t?.close());

const cin = (p: Person) => p.user.cin!;

/** The rows every format carries: good lines, then one of each refusal. */
function rows(): string[][] {
  return [
    ['CIN ou matricule', 'Montant (DH)'],
    [cin(people[0]!), '1 500,00'],
    ['M-002', '1500'],
    [cin(people[2]!).toLowerCase(), '250'],
    [cin(off), '100'],
    [cin(foreign), '100'],
    ['M-001', '100'],
    ['ZZ999999', '100'],
    ['', '100'],
    ['M-OFF', 'abc'],
  ];
}

function expectReport(body: ReturnType<typeof JSON.parse>) {
  expect(body.rows).toBe(9);
  expect(
    body.matched.map((m: { employee: { id: number }; amount: string; line: number }) => [
      m.employee.id,
      m.amount,
      m.line,
    ]),
  ).toEqual([
    [people[0]!.employee.id, '1500.00', 2],
    [people[1]!.employee.id, '1500.00', 3],
    [people[2]!.employee.id, '250.00', 4],
  ]);
  expect(body.total_amount).toBe('3250.00');
  expect(body.report.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
    [5, 'inactive_employee'],
    // Another company's employee is unknown here, exactly like a CIN nobody has.
    [6, 'unknown_employee'],
    [7, 'duplicate'],
    [8, 'unknown_employee'],
    [9, 'missing_identifier'],
    [10, 'inactive_employee'],
  ]);
}

describe('CSV files', () => {
  it('reads French Excel’s "CSV (séparateur : point-virgule)": Windows-1252, `;`, CRLF', async () => {
    const text = `${rows()
      .map((r) => r.join(';'))
      .join('\r\n')}\r\n`.replace('Montant (DH)', 'Montant (DH) à verser');
    const bytes = iconv.encode(text.replace('Montant (DH) à verser', 'Montant'), 'win1252');
    const response = await parseFile(t, a.rh.auth, 'primes.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().format).toBe('csv');
    expectReport(response.json());
  });

  it('reads "CSV UTF-8" with a BOM and an accented header, and a file without header', async () => {
    const text = `\uFEFF${rows()
      .map((r) => r.join(';'))
      .join('\r\n')
      .replace('CIN ou matricule', 'Matricule ou CIN')
      .replace('Montant (DH)', 'Montant à verser')}`;
    // "Montant à verser" is no column name we know, yet the row holds no amount: it is a header,
    // and the columns are taken in order.
    const response = await parseFile(t, a.rh.auth, 'primes.csv', Buffer.from(text));
    expect(response.statusCode, response.body).toBe(200);
    expectReport(response.json());

    const noHeader = rows()
      .slice(1, 3)
      .map((r) => r.join(';'))
      .join('\n');
    const plain = await parseFile(t, a.rh.auth, 'primes.csv', noHeader);
    expect(plain.json().matched).toHaveLength(2);
    expect(plain.json().matched[0].line).toBe(1);
  });

  it('reads an amount written with a decimal comma that is not whole as a bad amount', async () => {
    const response = await parseFile(t, a.rh.auth, 'p.csv', `CIN;Montant\n${cin(people[0]!)};1 500,50\n`);
    expect(response.json().report).toEqual([
      expect.objectContaining({ line: 2, code: 'invalid_amount', amount: '1 500,50' }),
    ]);
  });
});

describe('Excel workbooks', () => {
  it('reads an .xlsx written by exceljs (numbers as numbers, text as text)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Primes');
    for (const row of rows()) {
      const amount = row[1]!;
      const numeric = /^\d+$/.test(amount) ? Number(amount) : amount;
      sheet.addRow([row[0], numeric]);
    }
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await parseFile(t, a.rh.auth, 'primes.xlsx', data);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().format).toBe('xlsx');
    expectReport(response.json());
  });

  it('reads an .xlsx written by xlsx-populate', async () => {
    const workbook = await XlsxPopulate.fromBlankAsync();
    const sheet = workbook.sheet(0);
    rows().forEach((row, index) => {
      sheet.cell(`A${index + 1}`).value(row[0]);
      const amount = row[1]!;
      sheet.cell(`B${index + 1}`).value(/^\d+$/.test(amount) ? Number(amount) : amount);
    });
    const data: Buffer = await workbook.outputAsync();
    const response = await parseFile(t, a.rh.auth, 'primes.xlsx', data);
    expect(response.statusCode, response.body).toBe(200);
    expectReport(response.json());
  });
});

describe('refusals', () => {
  it('refuses what is neither CSV nor .xlsx, an empty file, and no file', async () => {
    const pdf = await parseFile(t, a.rh.auth, 'primes.csv', Buffer.from('%PDF-1.7\n%âãÏÓ\n'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors[0]).toMatchObject({ code: 'INVALID_FILE', attr: 'file' });
    const zip = await parseFile(t, a.rh.auth, 'primes.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    expect(zip.json().errors[0]).toMatchObject({ code: 'INVALID_FILE' });
    const empty = await parseFile(t, a.rh.auth, 'primes.csv', '\r\n;;\r\n');
    expect(empty.json().errors[0]).toMatchObject({ code: 'INVALID_FILE' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/bonuses/parse/',
      headers: a.rh.auth,
      payload: {},
    });
    expect(none.json().errors[0]).toMatchObject({ code: 'required', attr: 'file' });
  });

  it('answers TOO_MANY_BONUSES for a file of more than 5000 lines', async () => {
    const lines = Array.from({ length: 5001 }, (_, i) => `X${i};10`).join('\n');
    const response = await parseFile(t, a.rh.auth, 'primes.csv', `CIN;Montant\n${lines}`);
    expect(response.json().errors[0].code).toBe('TOO_MANY_BONUSES');
  });

  it('is for HR only', async () => {
    const response = await parseFile(t, people[0]!.auth, 'primes.csv', 'CIN;Montant\n');
    expect(response.statusCode).toBe(403);
  });
});
