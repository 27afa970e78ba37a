/**
 * Transfers for cash pick-up (issue 16, decision 044): the rules and errors of POST /transfers/,
 * the network's answers (sent, refused, outage), collection, the sender's cancel, expiry with
 * "now" as input, saved recipients, tenancy, and the ledger after each step.
 */
import { TRANSFER_EXPIRY_DAYS, ZTransfer } from '@tasbiq/contracts/transfers';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { sandboxOperations } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { transfers } from '../src/db/schema/transfers.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { casablancaMonth } from '../src/lib/time.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { loadSpendingState } from '../src/modules/spending/state.ts';
import { expireTransfers, sendTransfer, sweepTransfers } from '../src/modules/transfers/jobs.ts';
import { SANDBOX_TRANSFER_REFUSED_REASON } from '../src/providers/money-transfer/sandbox-money-transfer.ts';
import { bearerFor } from './auth-helpers.ts';
import { createFundedEmployee, createTestCompany, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
type Person = { employeeId: number; userId: number; headers: Headers };
type Tenant = { companyId: number; rh: Person; employee: Person };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A company with a funded wallet, an RH and an employee who may draw 1 000 DH this month. */
async function tenant(options: { wallet?: bigint; company?: Parameters<typeof createTestCompany>[1] } = {}) {
  const company = await createTestCompany(t.db, options.company);
  const person = async (roles: Array<'RH'>): Promise<Person> => {
    const { user, employee } = await createFundedEmployee(t.db, company.id, 200_000n, { roles });
    return { employeeId: employee.id, userId: user.id, headers: await bearerFor(t, user.id) };
  };
  if ((options.wallet ?? 1_000_000n) > 0n)
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: options.wallet ?? 1_000_000n });
  return { companyId: company.id, rh: await person(['RH']), employee: await person([]) } as Tenant;
}

const send = (headers: Headers, payload: Record<string, unknown>, extra: Headers = {}) =>
  t.app.inject({ method: 'POST', url: '/api/transfers/', headers: { ...headers, ...extra }, payload });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const cancel = (id: number | string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/transfers/${id}/cancel/`, headers });
const collect = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/dev/transfers/collect', payload: { code } });
const toFatima = { recipient_name: 'Fatima Zahra Alaoui', recipient_phone: '06 61 23 45 67', amount: '500' };
const deps = () => ({ db: t.db, network: t.ctx.moneyTransfer });

const balance = async (
  companyId: number,
  kind: Parameters<typeof findAccount>[1]['kind'],
  employeeId?: number,
) => (await findAccount(t.db, { companyId, kind, employeeId }))?.balanceCentimes ?? 0n;
const rowOf = async (id: number) => (await t.db.select().from(transfers).where(eq(transfers.id, id)))[0]!;
const eventsOf = async (userId: number) =>
  (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.event);
const codeOf = async (id: number) => (await t.ctx.moneyTransfer.sandbox!.codeOf(`transfer:${id}`))!;
const errorOf = (res: { json(): { errors: Array<{ code: string; attr: string | null }> } }) =>
  res.json().errors[0]!;
async function drawnOf(c: Tenant) {
  return (await loadSpendingState(t.db, { employeeId: c.employee.employeeId, companyId: c.companyId }))!
    .drawnCentimes;
}
async function expectLedgerConsistent() {
  expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
}

describe('POST /transfers/: sent, then collected', () => {
  it('draws amount + fee, the network sends the code by SMS, an agency pays it out', async () => {
    const c = await tenant();
    const res = await send(c.employee.headers, toFatima);
    expect(res.statusCode).toBe(201);
    const created = ZTransfer.parse(res.json());
    expect(created).toMatchObject({
      recipient_name: 'Fatima Zahra Alaoui',
      recipient_phone: '+212661234567',
      amount: '500.00',
      fees: '10.00',
      status: 'pending',
    });
    expect(await balance(c.companyId, 'company_wallet')).toBe(1_000_000n - 51_000n);
    expect(await balance(c.companyId, 'transfers_clearing')).toBe(50_000n);
    expect(await drawnOf(c)).toBe(51_000n);

    await t.ctx.jobs.drain();
    const sent = await rowOf(created.id);
    expect(sent.status).toBe('sent');
    expect(sent.expiresAt!.getTime() - sent.processingAt!.getTime()).toBe(TRANSFER_EXPIRY_DAYS * 86_400_000);
    const code = await codeOf(created.id);
    const [sms] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+212661234567'))
      .orderBy(desc(outboxMessages.id));
    expect(sms!.channel).toBe('sms');
    expect(sms!.body).toContain(`code ${code}`);
    expect(sms!.body).toContain('500 DH');
    expect(await eventsOf(c.employee.userId)).toContain('transfer_sent');

    const paid = await collect(code);
    expect(paid.statusCode).toBe(200);
    const done = await get(`/api/transfers/${created.id}`, c.employee.headers);
    expect(done.json()).toMatchObject({ status: 'collected' });
    expect(done.json().collected).not.toBeNull();
    expect(await balance(c.companyId, 'transfers_clearing')).toBe(0n);
    expect(await balance(c.companyId, 'employee_advances', c.employee.employeeId)).toBe(50_000n);
    expect(await eventsOf(c.employee.userId)).toContain('transfer_collected');
    // Every step's notification points at the transfer, opened in the history's « Transferts » tab.
    const listed = (await get('/api/notifications/', c.employee.headers)).json().results;
    expect(listed.map((n: { event: string }) => n.event).sort()).toEqual([
      'transfer_collected',
      'transfer_sent',
    ]);
    for (const notice of listed)
      expect(notice.target).toEqual({ type: 'transfer', id: created.id, created: created.created });
    // The same code twice: nothing more to pay out.
    expect((await collect(code)).statusCode).toBe(404);
    expect(await drawnOf(c)).toBe(51_000n);
    await expectLedgerConsistent();
  });

  it('the dev counter answers only callers on this machine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/transfers/collect',
      payload: { code: '12345678' },
      remoteAddress: '10.0.0.8',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /transfers/: rules and errors', () => {
  it('refuses amounts outside [50, 5000] DH, bad names and phones, as field errors', async () => {
    const c = await tenant();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...toFatima, amount: '5001' }, 'amount'],
      [{ ...toFatima, amount: '49' }, 'amount'],
      [{ ...toFatima, amount: '100.50' }, 'amount'],
      [{ ...toFatima, amount: '99999999999999999999' }, 'amount'],
      [{ ...toFatima, recipient_phone: '0512345678' }, 'recipient_phone'],
      [{ ...toFatima, recipient_name: 'X' }, 'recipient_name'],
      [{ ...toFatima, recipient_name: 'Robert; DROP TABLE' }, 'recipient_name'],
      [{ ...toFatima, recipient_name: 'a'.repeat(100_000) }, 'recipient_name'],
    ];
    for (const [payload, attr] of cases) {
      const res = await send(c.employee.headers, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorOf(res).attr).toBe(attr);
    }
    expect((await send(c.employee.headers, { ...toFatima, amount: '5000' })).statusCode).toBe(400); // balance
    expect(await t.db.select().from(transfers).where(eq(transfers.companyId, c.companyId))).toHaveLength(0);
  });

  it('BALANCE_INSUFFICIENT counts the fee; ACCESS_RESTRICTED; INSUFFICIENT_FUNDS', async () => {
    const c = await tenant();
    // 1 000 DH available: 995 + 10 DH fee does not fit, 990 + 10 does.
    expect(errorOf(await send(c.employee.headers, { ...toFatima, amount: '995' })).code).toBe(
      'BALANCE_INSUFFICIENT',
    );
    expect((await send(c.employee.headers, { ...toFatima, amount: '990' })).statusCode).toBe(201);
    expect(errorOf(await send(c.employee.headers, { ...toFatima, amount: '50' })).code).toBe(
      'BALANCE_INSUFFICIENT',
    );
    // The transfer weighs on advances too: nothing left to simulate.
    const simulated = await t.app.inject({
      method: 'POST',
      url: '/api/advances/simulate/',
      headers: c.employee.headers,
      payload: { amount: '50' },
    });
    expect(simulated.json().available).toBe('0.00');

    await t.db.update(employees).set({ isRestricted: true }).where(eq(employees.id, c.rh.employeeId));
    expect(errorOf(await send(c.rh.headers, toFatima)).code).toBe('ACCESS_RESTRICTED');

    const poor = await tenant({ wallet: 10_000n });
    expect(errorOf(await send(poor.employee.headers, toFatima)).code).toBe('INSUFFICIENT_FUNDS');
    await expectLedgerConsistent();
  });

  it('is off for a company without transfers_enabled (403), and for a caller without a company', async () => {
    const c = await tenant({ company: { transfersEnabled: false } });
    expect((await send(c.employee.headers, toFatima)).statusCode).toBe(403);
    expect((await get('/api/transfers/', c.employee.headers)).statusCode).toBe(403);
    expect((await get('/api/transfers/recipients', c.employee.headers)).statusCode).toBe(403);
  });

  it('Idempotency-Key: the same body replays the first answer, another body is refused', async () => {
    const c = await tenant();
    const key = { 'idempotency-key': 'tr-1' };
    const first = await send(c.employee.headers, toFatima, key);
    const again = await send(c.employee.headers, { ...toFatima, amount: 500 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await send(c.employee.headers, { ...toFatima, amount: '600' }, key);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.db.select().from(transfers).where(eq(transfers.companyId, c.companyId))).toHaveLength(1);
  });
});

describe('the network: refusal, outage', () => {
  it('a refused recipient: failed, refunded (amount + fee) and notified', async () => {
    const c = await tenant();
    const res = await send(c.employee.headers, { ...toFatima, recipient_phone: '0612340000' });
    await t.ctx.jobs.drain();
    const row = await rowOf(res.json().id);
    expect(row).toMatchObject({ status: 'failed', failureReason: SANDBOX_TRANSFER_REFUSED_REASON });
    expect(row.refundedAt).not.toBeNull();
    expect(await balance(c.companyId, 'company_wallet')).toBe(1_000_000n);
    expect(await balance(c.companyId, 'fees_income')).toBe(0n);
    expect(await drawnOf(c)).toBe(0n);
    expect(await eventsOf(c.employee.userId)).toContain('transfer_failed');
    await expectLedgerConsistent();
  });

  it('an outage puts it back to pending; the sweeper (or the retry) sends it later', async () => {
    const c = await tenant();
    t.ctx.moneyTransfer.sandbox!.breakNext(1);
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    expect((await rowOf(id)).status).toBe('pending');
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await sweepTransfers({ db: t.db, jobs: t.ctx.jobs }, later)).toBeGreaterThanOrEqual(1);
    expect(await sendTransfer(deps(), id)).toBe('sent');
    expect(await sendTransfer(deps(), id)).toBe('skipped');
    expect((await rowOf(id)).status).toBe('sent');
    await expectLedgerConsistent();
  });
});

describe('cancel and expiry', () => {
  it('the sender cancels a sent transfer: refunded, and the code no longer pays out', async () => {
    const c = await tenant();
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    const code = await codeOf(id);
    const res = await cancel(id, c.employee.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'canceled' });
    expect(res.json().refunded).not.toBeNull();
    expect(await balance(c.companyId, 'company_wallet')).toBe(1_000_000n);
    expect((await collect(code)).statusCode).toBe(404);
    expect(errorOf(await cancel(id, c.employee.headers)).code).toBe('TRANSFER_NOT_CANCELABLE');
    await expectLedgerConsistent();
  });

  it('a pending transfer is canceled before the network sees it; its job then skips it', async () => {
    const c = await tenant();
    t.ctx.moneyTransfer.sandbox!.breakNext(1); // the network is down: it stays pending
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    expect((await rowOf(id)).status).toBe('pending');
    expect((await cancel(id, c.employee.headers)).json().status).toBe('canceled');
    await t.ctx.jobs.drain();
    expect(await sendTransfer(deps(), id)).toBe('skipped');
    expect((await rowOf(id)).status).toBe('canceled');
    expect(await drawnOf(c)).toBe(0n);
    await expectLedgerConsistent();
  });

  it('collected, or paid out at the agency before the cancel reached it: TRANSFER_NOT_CANCELABLE', async () => {
    const c = await tenant();
    const first = (await send(c.employee.headers, toFatima)).json().id;
    const second = (await send(c.employee.headers, { ...toFatima, amount: '100' })).json().id;
    await t.ctx.jobs.drain();
    await collect(await codeOf(first));
    expect(errorOf(await cancel(first, c.employee.headers)).code).toBe('TRANSFER_NOT_CANCELABLE');
    // The agency paid the second one out, and its callback was lost.
    await t.db.execute(sql`update ${sandboxOperations}
      set response = response || '{"state":"collected","collectedAt":"2026-11-20T10:00:00.000Z"}'::jsonb
      where reference = ${`transfer:${second}`}`);
    expect(errorOf(await cancel(second, c.employee.headers)).code).toBe('TRANSFER_NOT_CANCELABLE');
    expect(await rowOf(second)).toMatchObject({ status: 'collected' });
    expect((await rowOf(second)).collectedAt!.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(await balance(c.companyId, 'transfers_clearing')).toBe(0n);
    await expectLedgerConsistent();
  });

  it(`expires ${TRANSFER_EXPIRY_DAYS} days after sending, with "now" as input: refunded and notified`, async () => {
    const c = await tenant();
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    const { expiresAt } = await rowOf(id);
    const code = await codeOf(id);
    // (The job looks at every company: other tests' transfers may expire with it.)
    await expireTransfers(deps(), new Date(expiresAt!.getTime() - 1));
    expect((await rowOf(id)).status).toBe('sent');
    expect(await expireTransfers(deps(), expiresAt!)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toMatchObject({ status: 'expired' });
    expect(await balance(c.companyId, 'company_wallet')).toBe(1_000_000n);
    expect(await eventsOf(c.employee.userId)).toContain('transfer_expired');
    expect((await collect(code)).statusCode).toBe(404);
    await expireTransfers(deps(), new Date(expiresAt!.getTime() + 86_400_000));
    const reversals = await t.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.reference, `transfer:${id}`), eq(ledgerTransactions.type, 'reversal')),
      );
    expect(reversals).toHaveLength(1);
    await expectLedgerConsistent();
  });

  it('an expired transfer collected at the agency first is recorded collected, not refunded', async () => {
    const c = await tenant();
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    await t.db.execute(sql`update ${sandboxOperations}
      set response = response || '{"state":"collected","collectedAt":"2026-11-21T09:00:00.000Z"}'::jsonb
      where reference = ${`transfer:${id}`}`);
    const { expiresAt } = await rowOf(id);
    await expireTransfers(deps(), expiresAt!);
    expect((await rowOf(id)).status).toBe('collected');
    expect(await balance(c.companyId, 'employee_advances', c.employee.employeeId)).toBe(50_000n);
    await expectLedgerConsistent();
  });
});

describe('tenancy', () => {
  it('another company sees nothing; a colleague sees nothing; HR sees the company’s, cancels none', async () => {
    const c = await tenant();
    const other = await tenant();
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    expect((await get(`/api/transfers/${id}`, other.employee.headers)).statusCode).toBe(404);
    expect((await get(`/api/transfers/${id}`, other.rh.headers)).statusCode).toBe(404);
    expect((await cancel(id, other.rh.headers)).statusCode).toBe(404);
    expect((await get('/api/transfers/', other.rh.headers)).json().count).toBe(0);
    // HR of the company reads it, and cannot cancel someone else's transfer.
    expect((await get(`/api/transfers/${id}`, c.rh.headers)).statusCode).toBe(200);
    expect((await get(`/api/transfers/?employee=${c.employee.employeeId}`, c.rh.headers)).json().count).toBe(
      1,
    );
    expect((await cancel(id, c.rh.headers)).statusCode).toBe(404);
    // The employee asking for the RH's transfers gets an empty page.
    expect((await get(`/api/transfers/?employee=${c.rh.employeeId}`, c.employee.headers)).json().count).toBe(
      0,
    );
    for (const bad of ['0', 'abc', '99999999999', '2147483648'])
      expect((await get(`/api/transfers/${bad}`, c.employee.headers)).statusCode).toBe(404);
    expect((await get('/api/transfers/?status=bogus', c.employee.headers)).statusCode).toBe(400);
    expect((await get('/api/transfers/?month=13', c.employee.headers)).statusCode).toBe(400);
  });
});

describe('GET /transactions/?type_in=transfer (history tab, HR transactions list)', () => {
  it('lists the employee’s transfers with their recipient, amount and fee; HR sees the company’s', async () => {
    const c = await tenant();
    const other = await tenant();
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await t.ctx.jobs.drain();
    const mine = (await get('/api/transactions/?type_in=transfer', c.employee.headers)).json();
    expect(mine.results).toEqual([
      expect.objectContaining({
        id,
        type: 'transfer',
        title: 'Transfert à Fatima Zahra Alaoui',
        amount: '500.00',
        fees: '10.00',
        status: 'sent',
      }),
    ]);
    expect((await get('/api/transactions/?type_in=advance,recharge', c.employee.headers)).json().count).toBe(
      0,
    );
    expect((await get('/api/transactions/?type_in=transfer', c.rh.headers)).json().count).toBe(1);
    expect((await get('/api/transactions/?type_in=transfer&status=sent', c.rh.headers)).json().count).toBe(1);
    expect((await get('/api/transactions/?type_in=transfer', other.rh.headers)).json().count).toBe(0);
  });
});

describe('payroll deduction statement and dashboard figures', () => {
  it('a collected transfer is deducted (amount + fee) the month it was collected; the dashboard counts it', async () => {
    const c = await tenant();
    const { id } = (await send(c.employee.headers, toFatima)).json();
    await send(c.employee.headers, { ...toFatima, amount: '100', recipient_phone: '0612340000' }); // refused
    await t.ctx.jobs.drain();
    const stats = (await get('/api/stats/rh', c.rh.headers)).json();
    expect(stats).toMatchObject({ transfers_count: 1, transfers_amount: '510.00' });
    const before = casablancaMonth(new Date());
    const urlOf = ({ month, year }: { month: number; year: number }) =>
      `/api/payroll/deductions/?month=${month}&year=${year}`;
    expect((await get(urlOf(before), c.rh.headers)).json().count).toBe(0); // sent, not collected yet
    await collect(await codeOf(id));
    // The month of the collection as recorded, not the clock's: the run may cross a month's end.
    const [row] = await t.db
      .select({ collectedAt: transfers.collectedAt })
      .from(transfers)
      .where(eq(transfers.id, id));
    const url = urlOf(casablancaMonth(row!.collectedAt!));
    const statement = (await get(url, c.rh.headers)).json();
    expect(statement.results).toEqual([
      expect.objectContaining({ transfers_count: 1, transfers_amount: '510.00', total: '510.00' }),
    ]);
    expect(statement.totals).toMatchObject({
      transfers_count: 1,
      transfers_amount: '510.00',
      total: '510.00',
    });
    const other = await tenant();
    expect((await get(url, other.rh.headers)).json().count).toBe(0);
  });
});

describe('saved recipients', () => {
  it('add, pick from the list, refuse a duplicate, remove; another’s is 404; at most 20', async () => {
    const c = await tenant();
    const add = (headers: Headers, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/transfers/recipients/', headers, payload });
    const added = await add(c.employee.headers, { name: 'Mohamed Bennani', phone: '0700112233' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Mohamed Bennani', phone: '+212700112233' });
    expect(errorOf(await add(c.employee.headers, { name: 'Autre', phone: '+212700112233' })).code).toBe(
      'TRANSFER_RECIPIENT_EXISTS',
    );
    // Saved while sending.
    await send(c.employee.headers, { ...toFatima, save_recipient: true });
    const list = (await get('/api/transfers/recipients', c.employee.headers)).json();
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Fatima Zahra Alaoui', 'Mohamed Bennani']);
    expect((await get('/api/transfers/recipients', c.rh.headers)).json()).toEqual([]);
    const del = (id: number, headers: Headers) =>
      t.app.inject({ method: 'DELETE', url: `/api/transfers/recipients/${id}`, headers });
    expect((await del(added.json().id, c.rh.headers)).statusCode).toBe(404);
    expect((await del(added.json().id, c.employee.headers)).statusCode).toBe(204);
    expect((await del(added.json().id, c.employee.headers)).statusCode).toBe(404);
    for (let i = 0; i < 19; i += 1)
      expect(
        (await add(c.rh.headers, { name: 'Proche Numéro', phone: `06000100${String(i).padStart(2, '0')}` }))
          .statusCode,
      ).toBe(201);
    expect((await add(c.rh.headers, { name: 'Proche Numéro', phone: '0600010050' })).statusCode).toBe(201);
    expect(errorOf(await add(c.rh.headers, { name: 'Proche Numéro', phone: '0600010051' })).code).toBe(
      'TRANSFER_RECIPIENTS_LIMIT',
    );
  });
});
