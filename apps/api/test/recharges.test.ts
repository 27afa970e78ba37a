import { ZRecharge, ZRechargeProductWire } from '@tasbiq/contracts/recharges';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { advances, recharges, sandboxOperations } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { findAccount, getOrCreateAccount, postTransaction } from '../src/lib/ledger.ts';
import { availableBalance } from '../src/modules/advances/available.ts';
import { earnedThisMonth } from '../src/modules/advances/earned.ts';
import { checkAdvanceRequest } from '../src/modules/advances/limits.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { executeRecharge, sweepRecharges } from '../src/modules/recharges/jobs.ts';
import { loadSpendingState } from '../src/modules/spending/state.ts';
import {
  SANDBOX_REFUSED_REASON,
  SANDBOX_UNKNOWN_NUMBER_REASON,
} from '../src/providers/telecom/sandbox-telecom.ts';
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
type Tenant = { companyId: number; rh: Person; employee: Person };

/** A company with a funded wallet, an RH and an employee who may draw 1 000 DH this month. */
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
  return { companyId: company.id, rh: await person(['RH']), employee: await person([]) };
}

const post = (payload: Record<string, unknown>, headers: Headers, extra: Headers = {}) =>
  t.app.inject({ method: 'POST', url: '/api/recharges/', headers: { ...headers, ...extra }, payload });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const topUp = { phone: '0612345678', product: 'iam-50', amount: '50' };

async function balanceOf(
  companyId: number,
  kind: 'company_wallet' | 'recharges_clearing',
  employeeId?: number,
) {
  return (await findAccount(t.db, { companyId, kind, employeeId }))?.balanceCentimes ?? 0n;
}
async function employeeAdvancesBalance(companyId: number, employeeId: number) {
  return (
    (await findAccount(t.db, { companyId, kind: 'employee_advances', employeeId }))?.balanceCentimes ?? 0n
  );
}

/** An advance row and its `advance` posting (the advances API is built elsewhere). */
async function insertAdvance(companyId: number, employeeId: number, amountCentimes: bigint) {
  const [advance] = await t.db
    .insert(advances)
    .values({ companyId, employeeId, amountCentimes, payoutMethod: 'rib' })
    .returning();
  const wallet = await getOrCreateAccount(t.db, { companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(t.db, { companyId, kind: 'payouts_clearing' });
  await postTransaction(t.db, {
    companyId,
    type: 'advance',
    title: 'Avance',
    reference: `advance:${advance!.id}`,
    entries: [
      { accountId: wallet.id, amountCentimes: -amountCentimes },
      { accountId: clearing.id, amountCentimes },
    ],
  });
  return advance!;
}

/** A top-up row and its `recharge` posting, as if its job had been lost (inwi 50 DH, 48 DH paid). */
async function insertRecharge(c: Tenant, status: 'pending' | 'processing', at: Date) {
  const [row] = await t.db
    .insert(recharges)
    .values({
      companyId: c.companyId,
      employeeId: c.employee.employeeId,
      phone: '+212612340001',
      operator: 'inwi',
      product: 'inwi-50',
      amountCentimes: 5_000n,
      discountedAmountCentimes: 4_800n,
      status,
      createdAt: at,
      processingAt: status === 'processing' ? at : null,
    })
    .returning();
  const wallet = await getOrCreateAccount(t.db, { companyId: c.companyId, kind: 'company_wallet' });
  const clearing = await getOrCreateAccount(t.db, { companyId: c.companyId, kind: 'recharges_clearing' });
  await postTransaction(t.db, {
    companyId: c.companyId,
    type: 'recharge',
    title: 'Recharge',
    reference: `recharge:${row!.id}`,
    entries: [
      { accountId: wallet.id, amountCentimes: -4_800n },
      { accountId: clearing.id, amountCentimes: 4_800n },
    ],
  });
  return row!;
}

async function expectLedgerConsistent() {
  expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
}

let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await tenant();
});
afterAll(() => t.close());

describe('GET /recharge/products', () => {
  it('lists the catalogue in the wire shape, filtered by operator', async () => {
    const all = await get('/api/recharge/products', a.employee.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(15);
    for (const product of all.json()) expect(ZRechargeProductWire.parse(product)).toEqual(product);
    expect(all.json()).toContainEqual({
      id: 'iam-50',
      operator: 'iam',
      name: 'Recharge 50 DH',
      amount: '50.00',
      discounted_amount: '49.00',
    });
    const inwi = await get('/api/recharge/products/?operator=inwi', a.employee.headers);
    expect(inwi.json().map((p: { id: string }) => p.id)).toEqual([
      'inwi-10',
      'inwi-25',
      'inwi-50',
      'inwi-100',
      'inwi-200',
    ]);
    const bad = await get('/api/recharge/products?operator=meditel', a.employee.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'invalid_choice', attr: 'operator' });
  });

  it('needs a login and the recharges feature', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/recharge/products' })).statusCode).toBe(401);
    const company = await createTestCompany(t.db, { rechargesEnabled: false });
    const { user } = await createTestEmployee(t.db, company.id);
    const headers = await bearerFor(t, user.id);
    expect((await get('/api/recharge/products', headers)).statusCode).toBe(403);
    expect((await post(topUp, headers)).statusCode).toBe(403);
    expect((await get('/api/recharges', headers)).statusCode).toBe(403);
  });
});

describe('POST /recharges/', () => {
  it('draws the discounted amount from the wallet, then the job tops the line up and notifies', async () => {
    const c = await tenant();
    const walletBefore = await balanceOf(c.companyId, 'company_wallet');
    const res = await post(topUp, c.employee.headers);
    expect(res.statusCode).toBe(201);
    const body = ZRecharge.parse(res.json());
    expect(body).toMatchObject({
      phone: '+212612345678',
      operator: 'iam',
      product: 'iam-50',
      amount: '50.00',
      discounted_amount: '49.00',
      status: 'pending',
      executed: null,
      failed: null,
      failure_reason: null,
      employee: { id: c.employee.employeeId, first_name: 'Yassine', last_name: 'Alaoui' },
    });

    await t.ctx.jobs.drain();
    const [row] = await t.db.select().from(recharges).where(eq(recharges.id, body.id));
    expect(row).toMatchObject({ status: 'executed', providerReference: `TEL-RECHARGE-${body.id}` });
    expect(row!.executedAt).toBeInstanceOf(Date);
    expect(await balanceOf(c.companyId, 'company_wallet')).toBe(walletBefore - 4900n);
    expect(await balanceOf(c.companyId, 'recharges_clearing')).toBe(0n);
    expect(await employeeAdvancesBalance(c.companyId, c.employee.employeeId)).toBe(4900n);

    const postings = await t.db
      .select({ type: ledgerTransactions.type })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `recharge:${body.id}`))
      .orderBy(ledgerTransactions.id);
    expect(postings.map((p) => p.type)).toEqual(['recharge', 'payout']);

    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.employee.userId));
    expect(notice).toMatchObject({
      event: 'recharge_executed',
      companyId: c.companyId,
      parameters: expect.objectContaining({ amount: '50.00', phone: '+212612345678' }),
      // It points at the top-up (decision 019).
      rechargeId: body.id,
      advanceId: null,
    });
    const [line] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'telecom'), eq(outboxMessages.recipient, '+212612345678')));
    expect(line).toMatchObject({ status: 'sent', subject: 'Recharge Maroc Telecom 50 DH' });

    const detail = await get(`/api/recharges/${body.id}`, c.employee.headers);
    expect(detail.json()).toMatchObject({ id: body.id, status: 'executed', executed: expect.any(String) });
    await expectLedgerConsistent();
  });

  it('accepts the amount as a number or a decimal string and every Moroccan mobile form', async () => {
    const c = await tenant();
    for (const payload of [
      { phone: '+212 7 12 34 56 78', product: 'orange-10', amount: 10 },
      { phone: '00212612345679', product: 'inwi-25', amount: '25.00' },
      { phone: '06.12.34.56.77', product: 'iam-20', amount: '20.0' },
    ]) {
      const res = await post(payload, c.employee.headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(201);
      expect(res.json().phone).toMatch(/^\+212[67]\d{8}$/);
    }
    await t.ctx.jobs.drain();
  });

  it('answers field errors: INVALID_PHONE, INVALID_PRODUCT, PRODUCT_AMOUNT_MISMATCH, required', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...topUp, phone: '0522123456' }, 'phone', 'INVALID_PHONE'],
      [{ ...topUp, phone: '12345' }, 'phone', 'INVALID_PHONE'],
      [{ ...topUp, phone: '+33612345678' }, 'phone', 'INVALID_PHONE'],
      [{ ...topUp, product: 'iam-55' }, 'product', 'INVALID_PRODUCT'],
      [{ ...topUp, amount: '100' }, 'amount', 'PRODUCT_AMOUNT_MISMATCH'],
      [{ ...topUp, amount: '49.00' }, 'amount', 'PRODUCT_AMOUNT_MISMATCH'],
      [{ ...topUp, amount: 'cinquante' }, 'amount', 'invalid'],
      [{ product: 'iam-50', amount: '50' }, 'phone', 'required'],
      [{ phone: '0612345678', amount: '50' }, 'product', 'required'],
      [{ phone: '0612345678', product: 'iam-50' }, 'amount', 'required'],
    ];
    const before = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(recharges);
    for (const [payload, attr, code] of cases) {
      const res = await post(payload, a.employee.headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().type).toBe('validation_error');
      expect(res.json().errors).toContainEqual({ attr, code, detail: expect.any(String) });
    }
    const mismatch = await post({ ...topUp, amount: '100' }, a.employee.headers);
    expect(mismatch.json().errors[0].detail).toBe('Le montant ne correspond pas au produit choisi.');
    const after = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(recharges);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('ACCESS_RESTRICTED when HR restricted the employee or the cut-off day has passed', async () => {
    const c = await tenant();
    await t.db.update(employees).set({ isRestricted: true }).where(eq(employees.id, c.employee.employeeId));
    const restricted = await post(topUp, c.employee.headers);
    expect(restricted.statusCode).toBe(400);
    expect(restricted.json()).toEqual({
      type: 'client_error',
      errors: [
        {
          code: 'ACCESS_RESTRICTED',
          attr: null,
          detail: "L'accès à ce service est restreint pour le moment. Veuillez contacter votre service RH.",
        },
      ],
    });

    // Cut-off day 0: every day of the month is past it.
    const company = await createTestCompany(t.db, { advanceCutoffDay: 0 });
    await fundCompanyWallet(t.db, { companyId: company.id, amountCentimes: 100_000n });
    const { user } = await createFundedEmployee(t.db, company.id, 200_000n);
    const late = await post(topUp, await bearerFor(t, user.id));
    expect(late.json().errors[0].code).toBe('ACCESS_RESTRICTED');
    expect(await balanceOf(company.id, 'company_wallet')).toBe(100_000n);
  });

  it('BALANCE_INSUFFICIENT beyond what was earned; an advance drawn this month counts too', async () => {
    // net à payer 2 000 DH × 50 % = 1 000 DH available.
    const c = await tenant();
    const advance = await insertAdvance(c.companyId, c.employee.employeeId, 95_000n); // 950 DH drawn
    const tooMuch = await post({ ...topUp, product: 'orange-100', amount: '100' }, c.employee.headers); // 97 DH
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors[0]).toMatchObject({ code: 'BALANCE_INSUFFICIENT', attr: null });
    const fits = await post(topUp, c.employee.headers); // 49 DH ≤ 50 DH left
    expect(fits.statusCode).toBe(201);
    const nothingLeft = await post({ ...topUp, product: 'iam-10', amount: '10' }, c.employee.headers);
    expect(nothingLeft.json().errors[0].code).toBe('BALANCE_INSUFFICIENT');

    // A canceled advance is no longer drawn: the balance comes back.
    await t.db.update(advances).set({ status: 'canceled' }).where(eq(advances.id, advance.id));
    expect((await post({ ...topUp, product: 'iam-10', amount: '10' }, c.employee.headers)).statusCode).toBe(
      201,
    );
    await t.ctx.jobs.drain();
  });

  it('a top-up counts against the advance balance (same earned, same available)', async () => {
    const c = await tenant();
    const state = async () =>
      (await loadSpendingState(t.db, { employeeId: c.employee.employeeId, companyId: c.companyId }))!;
    const available = async () => {
      const s = await state();
      return availableBalance({
        earned: earnedThisMonth({ method: s.balanceMethod, ...s }),
        advancePercentage: s.advancePercentage,
        totalMaxPerMonthCentimes: s.totalMaxAdvancePerMonthCentimes,
        alreadyDrawnCentimes: s.drawnCentimes,
      });
    };
    expect(await available()).toBe(100_000n);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post({ ...topUp, product: 'iam-200', amount: '200' }, c.employee.headers)).statusCode,
      ).toBe(201);
    await t.ctx.jobs.drain();
    // 5 × 194 DH = 970 DH drawn: 30 DH left, so a 50 DH advance is refused.
    expect(await available()).toBe(3_000n);
    const s = await state();
    expect(
      checkAdvanceRequest({
        amountCentimes: 5_000n,
        feeCentimes: 0n,
        available: await available(),
        requestsThisMonth: s.advancesThisMonth,
        maxAdvancesPerMonth: s.maxAdvancesPerMonth,
        totalMaxPerMonthCentimes: s.totalMaxAdvancePerMonthCentimes,
        isRestricted: false,
        cutoffDay: null,
        at: s.at,
        walletBalanceCentimes: s.walletBalanceCentimes,
      }),
    ).toBe('BALANCE_INSUFFICIENT');
  });

  it('through the advances API too: an advance limits top-ups, a top-up limits advances', async () => {
    const c = await tenant();
    await t.db
      .update(employees)
      .set({ rib: '011780000012345678901234' })
      .where(eq(employees.id, c.employee.employeeId));
    const advance = await t.app.inject({
      method: 'POST',
      url: '/api/advances/',
      headers: c.employee.headers,
      payload: { amount: 950, payout_method: 'rib' },
    });
    expect(advance.statusCode).toBe(201);
    const refused = await post({ ...topUp, product: 'iam-100', amount: '100' }, c.employee.headers);
    expect(refused.json().errors[0].code).toBe('BALANCE_INSUFFICIENT');
    expect((await post(topUp, c.employee.headers)).statusCode).toBe(201); // 49 DH of the 50 left
    const simulation = await t.app.inject({
      method: 'POST',
      url: '/api/advances/simulate/',
      headers: c.employee.headers,
      payload: { amount: 50 },
    });
    expect(simulation.json()).toMatchObject({ available: '1.00', error_code: 'BALANCE_INSUFFICIENT' });
    await t.ctx.jobs.drain();
    await expectLedgerConsistent();
  });

  it('INSUFFICIENT_FUNDS when the company wallet cannot pay; nothing is written', async () => {
    const c = await tenant({ wallet: 2_000n });
    const res = await post(topUp, c.employee.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      detail: 'Le service est momentanément indisponible. Veuillez contacter votre service RH.',
    });
    expect(await t.db.select().from(recharges).where(eq(recharges.companyId, c.companyId))).toEqual([]);
    expect(await balanceOf(c.companyId, 'company_wallet')).toBe(2_000n);
    const d = await tenant({ wallet: 0n });
    expect((await post(topUp, d.employee.headers)).json().errors[0].code).toBe('INSUFFICIENT_FUNDS');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body; nothing is drawn twice', async () => {
    const c = await tenant();
    const key = { 'idempotency-key': 'recharge-2026-11-15-abc' };
    const first = await post(topUp, c.employee.headers, key);
    expect(first.statusCode).toBe(201);
    // The same request, the phone written another way: the same parsed body.
    const again = await post({ ...topUp, phone: '+212612345678', amount: 50 }, c.employee.headers, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    await t.ctx.jobs.drain();
    const rows = await t.db.select().from(recharges).where(eq(recharges.companyId, c.companyId));
    expect(rows).toHaveLength(1);
    expect(await balanceOf(c.companyId, 'company_wallet')).toBe(1_000_000n - 4_900n);

    const other = await post({ ...topUp, product: 'iam-20', amount: '20' }, c.employee.headers, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys belong to one user: another employee may use the same key.
    const rh = await post(topUp, c.rh.headers, key);
    expect(rh.statusCode).toBe(201);
    await t.ctx.jobs.drain();
  });

  it('a refused request stores nothing: the same key works once the cause is fixed', async () => {
    const c = await tenant();
    await t.db.update(employees).set({ isRestricted: true }).where(eq(employees.id, c.employee.employeeId));
    const key = { 'idempotency-key': 'retry-me' };
    expect((await post(topUp, c.employee.headers, key)).json().errors[0].code).toBe('ACCESS_RESTRICTED');
    await t.db.update(employees).set({ isRestricted: false }).where(eq(employees.id, c.employee.employeeId));
    const ok = await post(topUp, c.employee.headers, key);
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    await t.ctx.jobs.drain();
  });

  it('refuses a malformed key', async () => {
    const res = await post(topUp, a.employee.headers, { 'idempotency-key': 'é'.repeat(3) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('IDEMPOTENCY_KEY_INVALID');
    const long = await post(topUp, a.employee.headers, { 'idempotency-key': 'k'.repeat(256) });
    expect(long.json().errors[0].code).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});

describe('recharge.execute', () => {
  it('a telecom failure reverses everything and notifies the employee', async () => {
    const c = await tenant();
    t.ctx.telecom.sandbox!.failNext(1);
    const res = await post(topUp, c.employee.headers);
    await t.ctx.jobs.drain();
    const [row] = await t.db.select().from(recharges).where(eq(recharges.id, res.json().id));
    expect(row).toMatchObject({ status: 'failed', failureReason: SANDBOX_REFUSED_REASON });
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(await balanceOf(c.companyId, 'company_wallet')).toBe(1_000_000n);
    expect(await balanceOf(c.companyId, 'recharges_clearing')).toBe(0n);
    expect(await employeeAdvancesBalance(c.companyId, c.employee.employeeId)).toBe(0n);
    const types = await t.db
      .select({ type: ledgerTransactions.type })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `recharge:${row!.id}`))
      .orderBy(ledgerTransactions.id);
    expect(types.map((x) => x.type)).toEqual(['recharge', 'reversal']);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.employee.userId));
    expect(notice).toMatchObject({
      event: 'recharge_failed',
      parameters: expect.objectContaining({ amount: '50.00', phone: '+212612345678' }),
      rechargeId: row!.id,
      advanceId: null,
    });
    const detail = await get(`/api/recharges/${row!.id}`, c.employee.headers);
    expect(detail.json()).toMatchObject({ status: 'failed', failure_reason: SANDBOX_REFUSED_REASON });
    // The failed top-up no longer counts: the whole 1 000 DH can be drawn again.
    const state = await loadSpendingState(t.db, {
      employeeId: c.employee.employeeId,
      companyId: c.companyId,
    });
    expect(state!.drawnCentimes).toBe(0n);
    await expectLedgerConsistent();
  });

  it('a number ending in 0000 is refused by the sandbox operator (documented magic failure)', async () => {
    const c = await tenant();
    const res = await post({ ...topUp, phone: '0661230000' }, c.employee.headers);
    await t.ctx.jobs.drain();
    const detail = await get(`/api/recharges/${res.json().id}`, c.employee.headers);
    expect(detail.json()).toMatchObject({
      status: 'failed',
      failure_reason: SANDBOX_UNKNOWN_NUMBER_REASON,
      failed: expect.any(String),
    });
    expect(await balanceOf(c.companyId, 'company_wallet')).toBe(1_000_000n);
  });

  it('runs once: a second run or a duplicate job changes nothing', async () => {
    const c = await tenant();
    const res = await post(topUp, c.employee.headers);
    await t.ctx.jobs.drain();
    const id = res.json().id as number;
    expect(await executeRecharge(t.ctx, id)).toBe('skipped');
    expect(await executeRecharge(t.ctx, 999_999)).toBe('skipped');
    expect(await employeeAdvancesBalance(c.companyId, c.employee.employeeId)).toBe(4_900n);
    await expectLedgerConsistent();
  });

  it('resumes a top-up whose worker died during the telecom call, without a second credit', async () => {
    const c = await tenant();
    const row = await insertRecharge(c, 'processing', new Date());
    // The operator had credited the line before the worker died.
    const first = await t.ctx.telecom.topUp({
      reference: `recharge:${row.id}`,
      phone: row.phone,
      operator: row.operator,
      product: row.product,
      amountCentimes: row.amountCentimes,
    });
    expect(first.status).toBe('succeeded');
    expect(await executeRecharge(t.ctx, row.id)).toBe('skipped'); // still fresh: maybe running
    expect(await executeRecharge(t.ctx, row.id, new Date(Date.now() + 10 * 60_000))).toBe('executed');
    const ops = await t.db
      .select()
      .from(sandboxOperations)
      .where(
        and(eq(sandboxOperations.provider, 'telecom'), eq(sandboxOperations.reference, `recharge:${row.id}`)),
      );
    expect(ops).toHaveLength(1);
    expect(await employeeAdvancesBalance(c.companyId, c.employee.employeeId)).toBe(4_800n);
    expect(await balanceOf(c.companyId, 'recharges_clearing')).toBe(0n);
    await expectLedgerConsistent();
  });

  it('an operator outage puts the top-up back to pending; the retry executes it', async () => {
    const c = await tenant();
    t.ctx.telecom.sandbox!.breakNext(1);
    const res = await post(topUp, c.employee.headers);
    await t.ctx.jobs.drain();
    const id = res.json().id as number;
    const [row] = await t.db.select().from(recharges).where(eq(recharges.id, id));
    expect(row).toMatchObject({ status: 'pending', processingAt: null });
    expect(await executeRecharge(t.ctx, id)).toBe('executed');
    expect(await employeeAdvancesBalance(c.companyId, c.employee.employeeId)).toBe(4_900n);
  });

  it('the sweeper re-sends pending top-ups whose job was lost and resumes stale processing ones', async () => {
    const c = await tenant();
    const walletBefore = await balanceOf(c.companyId, 'company_wallet');
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const lost = await insertRecharge(c, 'pending', minutesAgo(2));
    const stuck = await insertRecharge(c, 'processing', minutesAgo(30));
    const fresh = await insertRecharge(c, 'processing', minutesAgo(0));
    const sent = await sweepRecharges(t.ctx);
    expect(sent).toBeGreaterThanOrEqual(2);
    await t.ctx.jobs.drain();
    const status = async (id: number) =>
      (await t.db.select().from(recharges).where(eq(recharges.id, id)))[0]!.status;
    expect(await status(lost.id)).toBe('executed');
    expect(await status(stuck.id)).toBe('executed');
    expect(await status(fresh.id)).toBe('processing');
    expect(await balanceOf(c.companyId, 'company_wallet')).toBe(walletBefore - 3n * 4_800n);
    expect(await balanceOf(c.companyId, 'recharges_clearing')).toBe(4_800n);
  });
});

describe('ledger', () => {
  it('every transaction sums to zero and every balance equals its entries after all flows', async () => {
    await t.ctx.jobs.drain();
    await expectLedgerConsistent();
  });
});
