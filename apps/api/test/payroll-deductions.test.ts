import type { TAdvanceStatus, TRechargeStatus } from '@tasbiq/contracts/money';
import { ZPayrollDeductionsPage } from '@tasbiq/contracts/payroll';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances, recharges } from '../src/db/schema/money.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
let rhA: Headers;
let rhB: Headers;
let employeeA: Headers;
let karimId: number;

async function advance(
  companyId: number,
  employeeId: number,
  values: { amount: bigint; fee?: bigint; status?: TAdvanceStatus; created: string; executed?: string },
) {
  await t.db.insert(advances).values({
    companyId,
    employeeId,
    amountCentimes: values.amount,
    feeCentimes: values.fee ?? 0n,
    isFree: (values.fee ?? 0n) === 0n,
    payoutMethod: 'rib',
    status: values.status ?? 'executed',
    createdAt: new Date(values.created),
    executedAt: values.executed ? new Date(values.executed) : null,
  });
}

async function topUp(
  companyId: number,
  employeeId: number,
  values: { discounted: bigint; status?: TRechargeStatus; created: string; executed?: string },
) {
  await t.db.insert(recharges).values({
    companyId,
    employeeId,
    phone: '+212612345678',
    operator: 'iam',
    product: 'iam-100',
    amountCentimes: 10_000n,
    discountedAmountCentimes: values.discounted,
    status: values.status ?? 'executed',
    createdAt: new Date(values.created),
    executedAt: values.executed ? new Date(values.executed) : null,
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
  // A name that a spreadsheet would run as a formula: the CSV must neutralise it.
  const zeroual = await person(a, '=SOMME(A1)', 'Zeroual', 'MAT-003', 'BE100003');
  const omar = await person(a, 'Omar', 'Alami', 'MAT-004', 'BE100004');
  const other = await person(b, 'Autre', 'Société', 'B-001', 'BE200001');

  // Karim, October 2026: three advances executed in the month (one requested in September and
  // paid at 00:30 on 1 October, Casablanca time), one top-up.
  await advance(a, karim, {
    amount: 50_000n,
    created: '2026-10-02T09:00:00+00:00',
    executed: '2026-10-02T09:01:00+00:00',
  });
  await advance(a, karim, {
    amount: 30_000n,
    fee: 1_500n,
    created: '2026-10-18T09:00:00+00:00',
    executed: '2026-10-20T10:00:00+00:00',
  });
  await advance(a, karim, {
    amount: 20_000n,
    created: '2026-09-28T09:00:00+00:00',
    executed: '2026-10-01T00:30:00+00:00',
  });
  // Not October's: executed at 00:30 on 1 November in Casablanca; pending; failed; canceled.
  await advance(a, karim, {
    amount: 40_000n,
    created: '2026-10-31T10:00:00+00:00',
    executed: '2026-11-01T00:30:00+00:00',
  });
  await advance(a, karim, { amount: 60_000n, status: 'pending', created: '2026-10-25T10:00:00+00:00' });
  await advance(a, karim, { amount: 70_000n, status: 'failed', created: '2026-10-25T10:00:00+00:00' });
  await advance(a, karim, { amount: 80_000n, status: 'canceled', created: '2026-10-25T10:00:00+00:00' });
  await topUp(a, karim, {
    discounted: 4_900n,
    created: '2026-10-05T10:00:00+00:00',
    executed: '2026-10-05T10:00:02+00:00',
  });
  await topUp(a, karim, { discounted: 9_700n, status: 'failed', created: '2026-10-06T10:00:00+00:00' });
  // Salma: only a top-up. Zeroual: one advance with a fee. Omar: nothing executed.
  await topUp(a, salma, {
    discounted: 9_700n,
    created: '2026-10-07T10:00:00+00:00',
    executed: '2026-10-07T10:00:02+00:00',
  });
  await advance(a, zeroual, {
    amount: 150_000n,
    fee: 1_500n,
    created: '2026-10-09T10:00:00+00:00',
    executed: '2026-10-09T10:05:00+00:00',
  });
  await advance(a, omar, { amount: 10_000n, status: 'pending', created: '2026-10-09T10:00:00+00:00' });
  await advance(b, other, {
    amount: 99_900n,
    created: '2026-10-09T10:00:00+00:00',
    executed: '2026-10-09T10:05:00+00:00',
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const octoberTotals = {
  employees: 3,
  advances_count: 4,
  advances_amount: '2500.00',
  fees_amount: '30.00',
  recharges_count: 2,
  recharges_amount: '146.00',
  bills_count: 0,
  bills_amount: '0.00',
  transfers_count: 0,
  transfers_amount: '0.00',
  mission_expenses_count: 0,
  mission_expenses_amount: '0.00',
  total: '2676.00',
};

describe('GET /payroll/deductions/', () => {
  it('lists what to deduct per employee for the month, with the month’s totals', async () => {
    const res = await get('/api/payroll/deductions/?month=10&year=2026', rhA);
    expect(res.statusCode).toBe(200);
    const body = ZPayrollDeductionsPage.parse(res.json());
    expect(body.count).toBe(3);
    expect(body.totals).toEqual(octoberTotals);
    expect(body.results.map((r) => r.employee.last_name)).toEqual(['Bennani', 'Tazi', 'Zeroual']);
    expect(body.results[1]).toEqual({
      employee: {
        id: karimId,
        first_name: 'Karim',
        last_name: 'Tazi',
        serial: 'MAT-001',
        cin: 'BE100001',
      },
      advances_count: 3,
      advances_amount: '1000.00',
      fees_amount: '15.00',
      recharges_count: 1,
      recharges_amount: '49.00',
      bills_count: 0,
      bills_amount: '0.00',
      transfers_count: 0,
      transfers_amount: '0.00',
      mission_expenses_count: 0,
      mission_expenses_amount: '0.00',
      total: '1064.00',
    });
    expect(body.results[0]).toMatchObject({ advances_count: 0, recharges_amount: '97.00', total: '97.00' });
    expect(body.results[2]).toMatchObject({
      advances_amount: '1500.00',
      fees_amount: '15.00',
      total: '1515.00',
    });
  });

  it('paginates and searches; the totals are those of what the search keeps, every page', async () => {
    const page = (await get('/api/payroll/deductions/?month=10&year=2026&limit=1&offset=1', rhA)).json();
    expect(page.count).toBe(3);
    expect(page.results.map((r: { employee: { last_name: string } }) => r.employee.last_name)).toEqual([
      'Tazi',
    ]);
    expect(page.next).toContain('offset=2');
    expect(page.totals).toEqual(octoberTotals);
    const found = (await get('/api/payroll/deductions/?month=10&year=2026&search=BE100002', rhA)).json();
    expect(found.count).toBe(1);
    expect(found.results[0].employee.first_name).toBe('Salma');
    // The totals row adds up what is listed: Salma's 97 DH top-up, not the whole month.
    expect(found.totals).toEqual({
      employees: 1,
      advances_count: 0,
      advances_amount: '0.00',
      fees_amount: '0.00',
      recharges_count: 1,
      recharges_amount: '97.00',
      bills_count: 0,
      bills_amount: '0.00',
      transfers_count: 0,
      transfers_amount: '0.00',
      mission_expenses_count: 0,
      mission_expenses_amount: '0.00',
      total: '97.00',
    });
    const none = (
      await get('/api/payroll/deductions/?month=10&year=2026&search=karim%20bennani', rhA)
    ).json();
    expect(none.count).toBe(0);
    expect(none.totals).toMatchObject({ employees: 0, total: '0.00' });
  });

  it('counts an advance in the month of its execution (Casablanca), and an empty month has zeros', async () => {
    const november = (await get('/api/payroll/deductions/?month=11&year=2026', rhA)).json();
    expect(november.results).toHaveLength(1);
    expect(november.results[0]).toMatchObject({
      advances_count: 1,
      advances_amount: '400.00',
      total: '400.00',
    });
    const september = (await get('/api/payroll/deductions/?month=9&year=2026', rhA)).json();
    expect(september).toMatchObject({ count: 0, results: [] });
    expect(september.totals).toEqual({
      employees: 0,
      advances_count: 0,
      advances_amount: '0.00',
      fees_amount: '0.00',
      recharges_count: 0,
      recharges_amount: '0.00',
      bills_count: 0,
      bills_amount: '0.00',
      transfers_count: 0,
      transfers_amount: '0.00',
      mission_expenses_count: 0,
      mission_expenses_amount: '0.00',
      total: '0.00',
    });
  });

  it('shows each company only its own employees', async () => {
    const b = (await get('/api/payroll/deductions/?month=10&year=2026', rhB)).json();
    expect(b.results.map((r: { employee: { serial: string } }) => r.employee.serial)).toEqual(['B-001']);
    expect(b.totals.total).toBe('999.00');
  });

  it('needs month and year, HR and the advances feature', async () => {
    for (const [query, attr, code] of [
      ['?year=2026', 'month', 'required'],
      ['?month=10', 'year', 'required'],
      ['?month=13&year=2026', 'month', 'max_value'],
      ['?month=10&year=1999', 'year', 'min_value'],
      ['?month=dix&year=2026', 'month', 'invalid'],
    ] as const) {
      for (const path of ['/api/payroll/deductions/', '/api/payroll/deductions/export']) {
        const res = await get(`${path}${query}`, rhA);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().errors, `${path}${query}`).toContainEqual(expect.objectContaining({ attr, code }));
      }
    }
    expect((await get('/api/payroll/deductions/?month=10&year=2026', employeeA)).statusCode).toBe(403);
    expect((await get('/api/payroll/deductions/export?month=10&year=2026', employeeA)).statusCode).toBe(403);
    const off = (await createTestCompany(t.db, { advancesEnabled: false })).id;
    const rhOff = await bearerFor(t, (await createTestEmployee(t.db, off, { roles: ['RH'] })).user.id);
    expect((await get('/api/payroll/deductions/?month=10&year=2026', rhOff)).statusCode).toBe(403);
  });
});

describe('GET /payroll/deductions/export', () => {
  it('is a CSV for French Excel: BOM, `;`, CRLF, French decimals, totals line, formulas neutralised', async () => {
    const res = await get('/api/payroll/deductions/export?month=10&year=2026', rhA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="retenues-paie-2026-10.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const expected = [
      "Matricule;Nom;Prénom;CIN;Nombre d'avances;Avances (DH);Frais (DH);Recharges (DH);Factures (DH);Transferts (DH);Frais de mission (DH);Total à retenir (DH)",
      'MAT-002;Bennani;Salma;BE100002;0;0,00;0,00;97,00;0,00;0,00;0,00;97,00',
      'MAT-001;Tazi;Karim;BE100001;3;1000,00;15,00;49,00;0,00;0,00;0,00;1064,00',
      "MAT-003;Zeroual;'=SOMME(A1);BE100003;1;1500,00;15,00;0,00;0,00;0,00;0,00;1515,00",
      'Total;;;;4;2500,00;30,00;146,00;0,00;0,00;0,00;2676,00',
    ];
    expect(bytes.equals(Buffer.from(`\uFEFF${expected.join('\r\n')}\r\n`, 'utf8'))).toBe(true);
  });

  it('lists only what the search keeps, with those totals, like the screen', async () => {
    const res = await get('/api/payroll/deductions/export?month=10&year=2026&search=tazi', rhA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="retenues-paie-2026-10-recherche.csv"',
    );
    expect(res.body.split('\r\n').slice(1)).toEqual([
      'MAT-001;Tazi;Karim;BE100001;3;1000,00;15,00;49,00;0,00;0,00;0,00;1064,00',
      'Total;;;;3;1000,00;15,00;49,00;0,00;0,00;0,00;1064,00',
      '',
    ]);
  });

  it('an empty month is the header and a zero total', async () => {
    const res = await get('/api/payroll/deductions/export?month=1&year=2026', rhA);
    expect(res.headers['content-disposition']).toContain('retenues-paie-2026-01.csv');
    expect(res.body).toBe(
      "\uFEFFMatricule;Nom;Prénom;CIN;Nombre d'avances;Avances (DH);Frais (DH);Recharges (DH);Factures (DH);Transferts (DH);Frais de mission (DH);Total à retenir (DH)\r\nTotal;;;;0;0,00;0,00;0,00;0,00;0,00;0,00;0,00\r\n",
    );
  });
});
