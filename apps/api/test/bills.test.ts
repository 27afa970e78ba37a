/**
 * Bills paid out of the earned balance (issue 16, decision 042): billers and reference formats,
 * the lookup on the sandbox bill-payment platform, the payment with the balance rules, the job
 * that pays the biller (confirmed, refused, biller down → retries then reversal), the receipt,
 * idempotency, tenancy and the ledger.
 */
import { ZBill, ZBillLookup } from '@tasbiq/contracts/bills';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../src/db/schema/bills.ts';
import { employees } from '../src/db/schema/employees.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { centimesToWire } from '../src/lib/money.ts';
import { BILL_MAX_ATTEMPTS, BILLER_DOWN_REASON, payBill } from '../src/modules/bills/jobs.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import {
  SANDBOX_BILL_REFUSED_REASON,
  sandboxBillOf,
} from '../src/providers/bill-payment/sandbox-bill-payment.ts';
import { bearerFor } from './auth-helpers.ts';
import {
  createFundedEmployee,
  createTestCompany,
  createTestEmployee,
  ledgerInconsistencies,
} from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
type Person = { employeeId: number; userId: number; headers: Headers };
type Tenant = { companyId: number; rh: Person; employee: Person; colleague: Person };

/** A company with a funded wallet, an RH and two employees who may draw 1 000 DH this month. */
async function tenant(options: { wallet?: bigint; netPayable?: bigint } = {}): Promise<Tenant> {
  const company = await createTestCompany(t.db);
  const person = async (roles: Array<'RH'>) => {
    const { user, employee } = await createFundedEmployee(t.db, company.id, options.netPayable ?? 200_000n, {
      roles,
    });
    return { employeeId: employee.id, userId: user.id, headers: await bearerFor(t, user.id) };
  };
  if ((options.wallet ?? 1_000_000n) > 0n)
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: options.wallet ?? 1_000_000n });
  return {
    companyId: company.id,
    rh: await person(['RH']),
    employee: await person([]),
    colleague: await person([]),
  };
}

const post = (url: string, payload: Record<string, unknown>, headers: Headers, extra: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const lookup = (payload: Record<string, unknown>, headers: Headers) =>
  post('/api/bills/lookup/', payload, headers);
const pay = (payload: Record<string, unknown>, headers: Headers, extra: Headers = {}) =>
  post('/api/bills/', payload, headers, extra);

let referenceCounter = 1000;
/** A fresh Lydec contract number (10 digits) that is none of the sandbox's magic endings. */
const lydecRef = () => `30${String(++referenceCounter).padStart(6, '0')}42`;
const dueOf = (biller: string, reference: string) =>
  centimesToWire(sandboxBillOf(biller, reference, new Date()).amountDueCentimes);

const walletOf = async (companyId: number) =>
  (await findAccount(t.db, { companyId, kind: 'company_wallet' }))?.balanceCentimes ?? 0n;
const clearingOf = async (companyId: number) =>
  (await findAccount(t.db, { companyId, kind: 'bills_clearing' }))?.balanceCentimes ?? 0n;
const drawnBy = async (companyId: number, employeeId: number) =>
  (await findAccount(t.db, { companyId, kind: 'employee_advances', employeeId }))?.balanceCentimes ?? 0n;

async function expectLedgerConsistent() {
  expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
}
const errorOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Array<{ code: string; attr: string | null }> }).errors[0]!;

let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await tenant();
  b = await tenant();
});
afterAll(() => t.close());

describe('GET /bills/billers and the feature flag', () => {
  it('lists the electricity, water, internet and landline billers with their reference formats', async () => {
    const res = await get('/api/bills/billers', a.employee.headers);
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((biller: { id: string }) => biller.id);
    expect(ids).toEqual([
      'lydec',
      'redal',
      'amendis',
      'onee',
      'radeema',
      'radeef',
      'radeej',
      'iam',
      'orange',
      'inwi',
    ]);
    expect(res.json()[0]).toMatchObject({
      name: 'Lydec',
      reference_label: 'Numéro de contrat',
      partial: true,
    });
  });

  it('needs a login and the bills feature (bills_enabled)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bills/billers' })).statusCode).toBe(401);
    const company = await createTestCompany(t.db, { billsEnabled: false });
    const { user } = await createTestEmployee(t.db, company.id);
    const headers = await bearerFor(t, user.id);
    const settings = await get('/api/settings', headers);
    expect(settings.json().bills_enabled).toBe(false);
    expect((await get('/api/bills/billers', headers)).statusCode).toBe(403);
    expect((await lookup({ biller: 'lydec', reference: lydecRef() }, headers)).statusCode).toBe(403);
    expect((await pay({ biller: 'lydec', reference: lydecRef(), amount: '100' }, headers)).statusCode).toBe(
      403,
    );
    expect((await get('/api/bills', headers)).statusCode).toBe(403);
  });
});

describe('POST /bills/lookup/', () => {
  it('answers the amount due, the due date and the holder partly masked', async () => {
    const reference = '3001234567';
    const res = await lookup({ biller: 'lydec', reference: '300 123-4567' }, a.employee.headers);
    expect(res.statusCode).toBe(200);
    const body = ZBillLookup.parse(res.json());
    expect(body).toMatchObject({
      biller: 'lydec',
      reference,
      amount_due: dueOf('lydec', reference),
      partial: true,
    });
    expect(body.due_date).toMatch(/^\d{4}-\d{2}-15$/);
    expect(body.holder).toMatch(/^[A-Z]\*+ [A-Z]\*+( \*+)?/);
    expect(body.holder).not.toMatch(/[a-z]/);
  });

  it('checks each biller’s reference format', async () => {
    const cases: Array<[string, string, boolean]> = [
      ['lydec', '123456789', false],
      ['lydec', '12345678901', false],
      ['redal', '400123456', true],
      ['amendis', '50012345', true],
      ['onee', '600123456789', true],
      ['onee', '6001234567', false],
      ['radeema', 'm70012345', true],
      ['radeef', 'M70012345', false],
      ['iam', '0522123456', true],
      ['iam', '0612345678', false],
      ['orange', '81234567', true],
      ['inwi', 'C912345678', true],
      ['inwi', '912345678', false],
    ];
    for (const [biller, reference, valid] of cases) {
      const res = await lookup({ biller, reference }, a.employee.headers);
      if (valid) expect(res.statusCode, `${biller} ${reference}`).toBe(200);
      else {
        expect(res.statusCode, `${biller} ${reference}`).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'INVALID_BILL_REFERENCE', attr: 'reference' });
      }
    }
  });

  it('refuses an unknown biller, a missing or huge reference (400, never 5xx)', async () => {
    expect(
      errorOf(await lookup({ biller: 'meditel', reference: '3001234567' }, a.employee.headers)),
    ).toMatchObject({
      code: 'invalid_choice',
      attr: 'biller',
    });
    expect(errorOf(await lookup({ biller: 'lydec' }, a.employee.headers))).toMatchObject({
      code: 'required',
      attr: 'reference',
    });
    const huge = await lookup({ biller: 'lydec', reference: '1'.repeat(100_000) }, a.employee.headers);
    expect(huge.statusCode).toBe(400);
  });

  it('says when the reference is unknown, the bill already paid, or the biller down', async () => {
    expect(
      errorOf(await lookup({ biller: 'lydec', reference: '3001230000' }, a.employee.headers)),
    ).toMatchObject({
      code: 'BILL_NOT_FOUND',
      attr: 'reference',
    });
    expect(
      errorOf(await lookup({ biller: 'redal', reference: '400121111' }, a.employee.headers)),
    ).toMatchObject({
      code: 'BILL_ALREADY_PAID',
      attr: 'reference',
    });
    t.ctx.billPayment.sandbox!.breakNext();
    const down = await lookup({ biller: 'lydec', reference: lydecRef() }, a.employee.headers);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('60');
    expect(errorOf(down)).toMatchObject({ code: 'BILLER_UNAVAILABLE' });
  });
});

describe('POST /bills/', () => {
  it('draws the amount from the wallet; the job pays the biller, notifies, and the receipt follows', async () => {
    const c = await tenant();
    const reference = lydecRef();
    const amount = dueOf('lydec', reference);
    const cents = BigInt(amount.replace('.', ''));
    const walletBefore = await walletOf(c.companyId);
    t.ctx.billPayment.sandbox!.latencyMs = 400; // the biller takes its time: the bill is seen pending
    const res = await pay({ biller: 'lydec', reference, amount }, c.employee.headers);
    expect(res.statusCode).toBe(201);
    const bill = ZBill.parse(res.json());
    expect(bill).toMatchObject({
      biller: 'lydec',
      biller_name: 'Lydec',
      reference,
      amount,
      amount_due: amount,
      status: 'pending',
      receipt_number: null,
      employee: { id: c.employee.employeeId },
    });
    // Not confirmed yet: no receipt.
    const early = await get(`/api/bills/${bill.id}/receipt`, c.employee.headers);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('BILL_RECEIPT_NOT_READY');

    await t.ctx.jobs.drain();
    t.ctx.billPayment.sandbox!.latencyMs = 0;
    const done = ZBill.parse((await get(`/api/bills/${bill.id}`, c.employee.headers)).json());
    expect(done).toMatchObject({ status: 'executed', receipt_number: `FAC-BILL-${bill.id}` });
    expect(await walletOf(c.companyId)).toBe(walletBefore - cents);
    expect(await clearingOf(c.companyId)).toBe(0n);
    expect(await drawnBy(c.companyId, c.employee.employeeId)).toBe(cents);
    const postings = await t.db
      .select({ type: ledgerTransactions.type })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `bill:${bill.id}`))
      .orderBy(ledgerTransactions.id);
    expect(postings.map((p) => p.type)).toEqual(['bill', 'payout']);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.employee.userId));
    expect(notice).toMatchObject({ event: 'bill_paid', billId: bill.id });
    expect(notice!.parameters).toMatchObject({ amount, biller: 'Lydec', bill_id: bill.id });
    // On the wire the notification points at its bill, with the bill's creation time (its history month).
    const listed = (await get('/api/notifications/', c.employee.headers)).json().results;
    expect(listed[0]).toMatchObject({
      event: 'bill_paid',
      target: { type: 'bill', id: bill.id, created: done.created },
    });

    const receipt = await get(`/api/bills/${bill.id}/receipt`, c.employee.headers);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toMatch(/^attachment;/);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Same bill, same bytes.
    expect(
      (await get(`/api/bills/${bill.id}/receipt`, c.rh.headers)).rawPayload.equals(receipt.rawPayload),
    ).toBe(true);

    // The platform now knows the bill is paid.
    expect(errorOf(await lookup({ biller: 'lydec', reference }, c.employee.headers)).code).toBe(
      'BILL_ALREADY_PAID',
    );
    await expectLedgerConsistent();
  });

  it('takes part of the amount where the biller allows it, and only the amount due elsewhere', async () => {
    const reference = lydecRef();
    const due = BigInt(dueOf('lydec', reference).replace('.', ''));
    const part = await pay({ biller: 'lydec', reference, amount: '50.00' }, a.employee.headers);
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ amount: '50.00', amount_due: centimesToWire(due) });
    // While the first part is on its way, the rest is what may still be paid.
    expect(
      errorOf(await pay({ biller: 'lydec', reference, amount: centimesToWire(due) }, a.employee.headers)),
    ).toMatchObject({
      code: 'BILL_AMOUNT_TOO_HIGH',
      attr: 'amount',
    });
    await t.ctx.jobs.drain();
    const rest = ZBillLookup.parse((await lookup({ biller: 'lydec', reference }, a.employee.headers)).json());
    expect(rest.amount_due).toBe(centimesToWire(due - 5_000n));

    const onee = '600123456789';
    const oneeDue = dueOf('onee', onee);
    expect(
      errorOf(await pay({ biller: 'onee', reference: onee, amount: '10' }, a.employee.headers)),
    ).toMatchObject({
      code: 'BILL_AMOUNT_MISMATCH',
      attr: 'amount',
    });
    expect(
      errorOf(await pay({ biller: 'onee', reference: onee, amount: '0' }, a.employee.headers)),
    ).toMatchObject({
      code: 'min_value',
      attr: 'amount',
    });
    expect(
      errorOf(await pay({ biller: 'onee', reference: onee, amount: '-5' }, a.employee.headers)).attr,
    ).toBe('amount');
    expect(
      errorOf(await pay({ biller: 'onee', reference: onee, amount: '99999999' }, a.employee.headers)).attr,
    ).toBe('amount');
    expect(
      errorOf(await pay({ biller: 'lydec', reference: '3001230000', amount: '10' }, a.employee.headers)).code,
    ).toBe('BILL_NOT_FOUND');
    expect(oneeDue).toMatch(/^\d+\.\d{2}$/);
  });

  it('applies the balance rules of an advance: BALANCE_INSUFFICIENT, ACCESS_RESTRICTED, INSUFFICIENT_FUNDS', async () => {
    // 100 DH net à payer × 50 %: 50 DH available.
    const poor = await tenant({ netPayable: 10_000n });
    const reference = lydecRef();
    expect(errorOf(await pay({ biller: 'lydec', reference, amount: '60' }, poor.employee.headers)).code).toBe(
      'BALANCE_INSUFFICIENT',
    );
    expect((await pay({ biller: 'lydec', reference, amount: '50' }, poor.employee.headers)).statusCode).toBe(
      201,
    );
    // The bill counts in what was drawn this month: nothing is left.
    expect(errorOf(await pay({ biller: 'lydec', reference, amount: '1' }, poor.employee.headers)).code).toBe(
      'BALANCE_INSUFFICIENT',
    );
    const solde = await get('/api/employees/solde', poor.employee.headers);
    expect(solde.statusCode).toBe(200);

    const restricted = await tenant();
    await t.db
      .update(employees)
      .set({ isRestricted: true })
      .where(eq(employees.id, restricted.employee.employeeId));
    expect(
      errorOf(
        await pay({ biller: 'lydec', reference: lydecRef(), amount: '10' }, restricted.employee.headers),
      ).code,
    ).toBe('ACCESS_RESTRICTED');

    const broke = await tenant({ wallet: 0n });
    expect(
      errorOf(await pay({ biller: 'lydec', reference: lydecRef(), amount: '10' }, broke.employee.headers))
        .code,
    ).toBe('INSUFFICIENT_FUNDS');
    await t.ctx.jobs.drain();
    await expectLedgerConsistent();
  });

  it('honours the Idempotency-Key: the same body replays the first answer, even once paid', async () => {
    const reference = lydecRef();
    const payload = { biller: 'lydec', reference, amount: '40' };
    const key = { 'idempotency-key': `bill-${reference}` };
    const first = await pay(payload, a.employee.headers, key);
    expect(first.statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const again = await pay({ ...payload, amount: 40 }, a.employee.headers, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await pay({ ...payload, amount: '41' }, a.employee.headers, key);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const rows = await t.db.select().from(bills).where(eq(bills.reference, reference));
    expect(rows).toHaveLength(1);
  });

  it('a refused payment fails, is reversed and notified', async () => {
    const c = await tenant();
    const walletBefore = await walletOf(c.companyId);
    t.ctx.billPayment.sandbox!.failNext();
    const res = await pay({ biller: 'lydec', reference: lydecRef(), amount: '75' }, c.employee.headers);
    expect(res.statusCode).toBe(201);
    await t.ctx.jobs.drain();
    const bill = ZBill.parse((await get(`/api/bills/${res.json().id}`, c.employee.headers)).json());
    expect(bill).toMatchObject({
      status: 'failed',
      failure_reason: SANDBOX_BILL_REFUSED_REASON,
      receipt_number: null,
    });
    expect(await walletOf(c.companyId)).toBe(walletBefore);
    expect(await clearingOf(c.companyId)).toBe(0n);
    expect(await drawnBy(c.companyId, c.employee.employeeId)).toBe(0n);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.employee.userId));
    expect(notice).toMatchObject({ event: 'bill_failed', billId: bill.id });
    expect(notice!.parameters).toMatchObject({ reason: SANDBOX_BILL_REFUSED_REASON });
    expect((await get(`/api/bills/${bill.id}/receipt`, c.employee.headers)).statusCode).toBe(409);
    // The failed bill no longer counts: the whole balance is available again.
    expect(
      (await pay({ biller: 'lydec', reference: lydecRef(), amount: '1000' }, c.employee.headers)).statusCode,
    ).toBe(201);
    await t.ctx.jobs.drain();
    await expectLedgerConsistent();
  });

  it('a biller that stays down is retried, then the bill is reversed and notified', async () => {
    const c = await tenant();
    const walletBefore = await walletOf(c.companyId);
    const reference = '3001239999';
    const res = await pay({ biller: 'lydec', reference, amount: '20' }, c.employee.headers);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    await t.ctx.jobs.drain(); // first attempt: no answer, back to pending
    let [row] = await t.db.select().from(bills).where(eq(bills.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    for (let attempt = 2; attempt < BILL_MAX_ATTEMPTS; attempt += 1)
      expect(await payBill(t.ctx, id)).toBe('retry');
    expect(await payBill(t.ctx, id)).toBe('failed');
    expect(await payBill(t.ctx, id)).toBe('skipped');
    [row] = await t.db.select().from(bills).where(eq(bills.id, id));
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: BILLER_DOWN_REASON,
      attempts: BILL_MAX_ATTEMPTS,
    });
    expect(await walletOf(c.companyId)).toBe(walletBefore);
    const events = await t.db
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, c.employee.userId));
    expect(events).toEqual([{ event: 'bill_failed' }]);
    await expectLedgerConsistent();
  });
});

describe('who sees which bill', () => {
  it('an employee sees their own bills; HR the company’s; another company nothing', async () => {
    const c = await tenant();
    const mine = await pay({ biller: 'lydec', reference: lydecRef(), amount: '30' }, c.employee.headers);
    const theirs = await pay({ biller: 'lydec', reference: lydecRef(), amount: '35' }, c.colleague.headers);
    await t.ctx.jobs.drain();
    const mineId = mine.json().id;
    const theirsId = theirs.json().id;

    const own = (await get('/api/bills/', c.employee.headers)).json();
    expect(own.results.map((r: { id: number }) => r.id)).toEqual([mineId]);
    expect(
      (await get(`/api/bills/?employee=${c.colleague.employeeId}`, c.employee.headers)).json().count,
    ).toBe(0);
    expect((await get(`/api/bills/${theirsId}`, c.employee.headers)).statusCode).toBe(404);
    expect((await get(`/api/bills/${theirsId}/receipt`, c.employee.headers)).statusCode).toBe(404);

    const hr = (await get('/api/bills/', c.rh.headers)).json();
    expect(hr.results.map((r: { id: number }) => r.id).sort()).toEqual([mineId, theirsId].sort());
    expect((await get(`/api/bills/?employee=${c.colleague.employeeId}`, c.rh.headers)).json().count).toBe(1);
    expect((await get(`/api/bills/${theirsId}/receipt`, c.rh.headers)).statusCode).toBe(200);

    // Another company: 404 like a missing id, an empty list.
    expect((await get(`/api/bills/${mineId}`, b.rh.headers)).statusCode).toBe(404);
    expect((await get(`/api/bills/${mineId}/receipt`, b.rh.headers)).statusCode).toBe(404);
    expect((await get(`/api/bills/?employee=${c.employee.employeeId}`, b.rh.headers)).json().count).toBe(0);
    expect((await get('/api/bills/99999999999', c.rh.headers)).statusCode).toBe(404);
    expect((await get('/api/bills/?status=paid', c.rh.headers)).statusCode).toBe(400);
    expect((await get('/api/bills/?status=executed&biller=lydec', c.rh.headers)).json().count).toBe(2);

    const rows = await t.db
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.companyId, c.companyId), eq(bills.status, 'executed')));
    expect(rows).toHaveLength(2);
  });
});

describe('bills in the shared money views', () => {
  it('GET /transactions/?type_in=bill, the deduction statement and the HR figures count paid bills', async () => {
    const c = await tenant();
    const paid = await pay({ biller: 'lydec', reference: lydecRef(), amount: '120.50' }, c.employee.headers);
    await t.ctx.jobs.drain();
    t.ctx.billPayment.sandbox!.failNext();
    await pay({ biller: 'lydec', reference: lydecRef(), amount: '10' }, c.employee.headers);
    await t.ctx.jobs.drain();

    const list = (await get('/api/transactions/?type_in=bill', c.employee.headers)).json();
    expect(list.count).toBe(2);
    expect(list.results[1]).toMatchObject({
      id: paid.json().id,
      type: 'bill',
      title: 'Facture Lydec',
      amount: '120.50',
      fees: '0.00',
      status: 'executed',
    });
    const mixed = (await get('/api/transactions/?type_in=advance,recharge', c.employee.headers)).json();
    expect(mixed.count).toBe(0);
    expect((await get('/api/transactions/?type_in=bill', b.rh.headers)).json().results).not.toContainEqual(
      expect.objectContaining({ id: paid.json().id, type: 'bill' }),
    );
    const hr = (
      await get(`/api/transactions/?type_in=bill&employee=${c.employee.employeeId}`, c.rh.headers)
    ).json();
    expect(hr.count).toBe(2);

    // The month the bill was paid as recorded, not the clock's: the run may cross a month's end.
    const now = new Date(list.results[1].created);
    const month = Number(
      new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: 'Africa/Casablanca' }).format(now),
    );
    const year = Number(
      new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Casablanca' }).format(now),
    );
    const statement = (
      await get(`/api/payroll/deductions/?month=${month}&year=${year}`, c.rh.headers)
    ).json();
    expect(statement.results).toHaveLength(1);
    expect(statement.results[0]).toMatchObject({ bills_count: 1, bills_amount: '120.50', total: '120.50' });
    expect(statement.totals).toMatchObject({ bills_count: 1, bills_amount: '120.50', total: '120.50' });
    const csv = await get(`/api/payroll/deductions/export?month=${month}&year=${year}`, c.rh.headers);
    expect(csv.body).toContain('Factures (DH)');
    // Factures, Transferts, Frais de mission, then the total.
    expect(csv.body).toContain(';120,50;0,00;0,00;120,50');

    const stats = (await get('/api/stats/rh', c.rh.headers)).json();
    expect(stats).toMatchObject({ bills_count: 1, bills_amount: '120.50' });
    await expectLedgerConsistent();
  });
});
