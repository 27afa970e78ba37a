import type { TBonusPaymentStatus, TBonusTitle } from '@tasbiq/contracts/bonuses';
import { ZPayrollBonusesPage } from '@tasbiq/contracts/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, bonusPayments } from '../src/db/schema/bonuses.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The month-end « Primes » beside the deductions (issue 13): bonuses paid in a Casablanca month are
 * taxable salary, so payroll gets them from the same screen, one line per bonus paid, with a CSV.
 */
let t: TestApp;
type Headers = Record<string, string>;
let rhA: Headers;
let rhB: Headers;
let employeeA: Headers;
let karimId: number;
let aidId: number;

async function bonus(companyId: number, title: TBonusTitle, customTitle: string | null = null) {
  const [row] = await t.db
    .insert(bonuses)
    .values({
      companyId,
      title,
      customTitle,
      type: 'individual',
      status: 'confirmed',
      totalCentimes: 0n,
      beneficiariesCount: 1,
    })
    .returning({ id: bonuses.id });
  return row!.id;
}

async function paid(
  companyId: number,
  bonusId: number,
  employeeId: number,
  amount: bigint,
  executed: string | null,
  status: TBonusPaymentStatus = 'executed',
) {
  await t.db.insert(bonusPayments).values({
    companyId,
    bonusId,
    employeeId,
    amountCentimes: amount,
    status,
    payoutMethod: 'card',
    executedAt: executed ? new Date(executed) : null,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const a = (await createTestCompany(t.db)).id;
  const b = (await createTestCompany(t.db)).id;
  rhA = await bearerFor(t, (await createTestEmployee(t.db, a, { roles: ['RH'], lastName: 'Rh' })).user.id);
  rhB = await bearerFor(t, (await createTestEmployee(t.db, b, { roles: ['RH'] })).user.id);
  employeeA = await bearerFor(t, (await createTestEmployee(t.db, a, { lastName: 'Ouali' })).user.id);
  const person = async (
    companyId: number,
    firstName: string,
    lastName: string,
    serial: string,
    cin: string,
  ) =>
    (await createTestEmployee(t.db, companyId, { firstName, lastName, cin, employee: { serial } })).employee
      .id;
  const karim = await person(a, 'Karim', 'Tazi', 'MAT-001', 'BE100001');
  karimId = karim;
  const salma = await person(a, 'Salma', 'Bennani', 'MAT-002', 'BE100002');
  const zeroual = await person(a, '=SOMME(A1)', 'Zeroual', 'MAT-003', 'BE100003');
  const other = await person(b, 'Autre', 'Société', 'B-001', 'BE200001');

  aidId = await bonus(a, 'aid_el_kbir');
  const ramadan = await bonus(a, 'other', 'Panier Ramadan');
  const otherCompany = await bonus(b, 'aid_el_kbir');
  // October 2026 (Casablanca = UTC after 20 Sept): Karim two bonuses, Salma one paid at 23:30 on
  // 31 October, Zeroual one.
  await paid(a, aidId, karim, 50_000n, '2026-10-02T09:00:00Z');
  await paid(a, ramadan, karim, 30_000n, '2026-10-20T10:00:00Z');
  await paid(a, aidId, salma, 50_000n, '2026-10-31T23:30:00Z');
  await paid(a, ramadan, zeroual, 30_000n, '2026-10-09T10:00:00Z');
  // Not October's salary: paid on 1 November 00:30, confirmed but unpaid, failed, refused.
  const later = await bonus(a, 'back_to_school');
  await paid(a, later, karim, 20_000n, '2026-11-01T00:30:00Z');
  await paid(a, later, salma, 20_000n, null, 'confirmed');
  await paid(a, later, zeroual, 20_000n, null, 'failed');
  const refused = await bonus(a, 'performance');
  await paid(a, refused, karim, 99_900n, null, 'refused');
  await paid(b, otherCompany, other, 12_300n, '2026-10-09T10:00:00Z');
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /payroll/bonuses/', () => {
  it('lists every bonus paid in the month, one line each, with the totals', async () => {
    const res = await get('/api/payroll/bonuses/?month=10&year=2026', rhA);
    expect(res.statusCode).toBe(200);
    const body = ZPayrollBonusesPage.parse(res.json());
    expect(body.count).toBe(4);
    expect(body.totals).toEqual({ bonuses: 4, employees: 3, amount: '1600.00' });
    expect(body.results.map((r) => [r.employee.last_name, r.bonus.display_title, r.amount])).toEqual([
      ['Bennani', 'Aïd El Kébir', '500.00'],
      ['Tazi', 'Aïd El Kébir', '500.00'],
      ['Tazi', 'Panier Ramadan', '300.00'],
      ['Zeroual', 'Panier Ramadan', '300.00'],
    ]);
    expect(body.results[1]).toMatchObject({
      employee: { id: karimId, first_name: 'Karim', serial: 'MAT-001', cin: 'BE100001' },
      bonus: { id: aidId },
      paid: '2026-10-02T09:00:00.000+00:00',
    });
  });

  it('counts a bonus in the Casablanca month it was paid; unpaid, failed and refused lines are not salary', async () => {
    const november = ZPayrollBonusesPage.parse(
      (await get('/api/payroll/bonuses/?month=11&year=2026', rhA)).json(),
    );
    expect(november.results.map((r) => [r.employee.last_name, r.amount])).toEqual([['Tazi', '200.00']]);
    const september = (await get('/api/payroll/bonuses/?month=9&year=2026', rhA)).json();
    expect(september).toMatchObject({
      count: 0,
      results: [],
      totals: { bonuses: 0, employees: 0, amount: '0.00' },
    });
  });

  it('paginates and searches; the totals are those of what the search keeps', async () => {
    const page = (await get('/api/payroll/bonuses/?month=10&year=2026&limit=1&offset=1', rhA)).json();
    expect(page.count).toBe(4);
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('offset=2');
    expect(page.totals).toEqual({ bonuses: 4, employees: 3, amount: '1600.00' });
    const found = (await get('/api/payroll/bonuses/?month=10&year=2026&search=MAT-001', rhA)).json();
    expect(found.count).toBe(2);
    expect(found.totals).toEqual({ bonuses: 2, employees: 1, amount: '800.00' });
  });

  it('shows each company only its own; needs HR, the bonuses feature, month and year', async () => {
    const b = (await get('/api/payroll/bonuses/?month=10&year=2026', rhB)).json();
    expect(b.results.map((r: { employee: { serial: string } }) => r.employee.serial)).toEqual(['B-001']);
    expect(b.totals.amount).toBe('123.00');
    for (const path of ['/api/payroll/bonuses/', '/api/payroll/bonuses/export']) {
      expect((await get(`${path}?month=10&year=2026`, employeeA)).statusCode, path).toBe(403);
      const bad = await get(`${path}?month=13&year=2026`, rhA);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual(expect.objectContaining({ attr: 'month', code: 'max_value' }));
      const missing = await get(`${path}?month=10`, rhA);
      expect(missing.json().errors).toContainEqual(
        expect.objectContaining({ attr: 'year', code: 'required' }),
      );
    }
    const off = (await createTestCompany(t.db, { bonusesEnabled: false })).id;
    const rhOff = await bearerFor(t, (await createTestEmployee(t.db, off, { roles: ['RH'] })).user.id);
    expect((await get('/api/payroll/bonuses/?month=10&year=2026', rhOff)).statusCode).toBe(403);
  });
});

describe('GET /payroll/bonuses/export', () => {
  it('is a CSV for French Excel: BOM, `;`, CRLF, the Casablanca day paid, French decimals, a total line', async () => {
    const res = await get('/api/payroll/bonuses/export?month=10&year=2026', rhA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="primes-paie-2026-10.csv"');
    const expected = [
      'Matricule;Nom;Prénom;CIN;Prime;Date de versement;Montant (DH)',
      'MAT-002;Bennani;Salma;BE100002;Aïd El Kébir;31/10/2026;500,00',
      'MAT-001;Tazi;Karim;BE100001;Aïd El Kébir;02/10/2026;500,00',
      'MAT-001;Tazi;Karim;BE100001;Panier Ramadan;20/10/2026;300,00',
      "MAT-003;Zeroual;'=SOMME(A1);BE100003;Panier Ramadan;09/10/2026;300,00",
      'Total;;;;;;1600,00',
    ];
    expect(res.rawPayload.equals(Buffer.from(`\uFEFF${expected.join('\r\n')}\r\n`, 'utf8'))).toBe(true);
  });

  it('keeps only what the search keeps, and names the file so', async () => {
    const res = await get('/api/payroll/bonuses/export?month=10&year=2026&search=salma', rhA);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="primes-paie-2026-10-recherche.csv"',
    );
    expect(res.body.split('\r\n').slice(1)).toEqual([
      'MAT-002;Bennani;Salma;BE100002;Aïd El Kébir;31/10/2026;500,00',
      'Total;;;;;;500,00',
      '',
    ]);
  });
});
