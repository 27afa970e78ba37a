import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import {
  accountBalance,
  advanceRow,
  createTenant,
  get,
  ledgerTransactionsOf,
  post,
  type Tenant,
  walletBalance,
} from './advances-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  // RIB payouts wait an hour here: the advances stay pending for these tests (payouts.test.ts pays).
  t = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 3600 });
  a = await createTenant(t);
});
afterAll(() => t.close());

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Array<{ code: string; attr: string | null }> }).errors[0];

describe('GET /employees/solde', () => {
  it('shows what the employee may draw, requests and free advances left, the next fee', async () => {
    const karim = await a.employee();
    const res = await get(t, '/api/employees/solde', karim.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      balance: '5000.00',
      earned: '10000.00',
      drawn: '0.00',
      advance_percentage: 50,
      total_max_advance_per_month: '5000.00',
      requests_this_month: 0,
      max_advances_per_month: -1,
      requests_left: null,
      free_advances_left: 1,
      next_fee: '0.00',
      is_restricted: false,
      cutoff_day: null,
      has_active_card: false,
      has_rib: true,
    });

    expect((await post(t, '/api/advances/', karim.auth, { amount: 1000 })).statusCode).toBe(201);
    expect((await get(t, '/api/employees/solde', karim.auth)).json()).toMatchObject({
      balance: '4000.00',
      drawn: '1000.00',
      requests_this_month: 1,
      free_advances_left: 0,
      next_fee: '15.00',
    });
  });

  it('counts requests left against the monthly limit and sees the card and a missing RIB', async () => {
    const sara = await a.employee({ employee: { maxAdvancesPerMonth: 3, rib: null } });
    await createActiveCard(t.db, a.company.id, sara.employee.id);
    expect((await get(t, '/api/employees/solde', sara.auth)).json()).toMatchObject({
      requests_left: 3,
      has_active_card: true,
      has_rib: false,
    });
  });

  it('is there when only top-ups are on, refused when neither feature is', async () => {
    const rechargesOnly = await createTenant(t, { company: { advancesEnabled: false } });
    expect((await get(t, '/api/employees/solde', (await rechargesOnly.employee()).auth)).statusCode).toBe(
      200,
    );
    const neither = await createTenant(t, { company: { advancesEnabled: false, rechargesEnabled: false } });
    const res = await get(t, '/api/employees/solde', (await neither.employee()).auth);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/employees/solde' })).statusCode).toBe(401);
  });
});

describe('POST /advances/simulate/', () => {
  it('answers the cost and 200 with error_code when it would be refused', async () => {
    const e = await a.employee();
    const ok = await post(t, '/api/advances/simulate/', e.auth, { amount: '1500' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      amount: '1500.00',
      fees: '0.00',
      total: '1500.00',
      free: true,
      earned: '10000.00',
      available: '5000.00',
      available_after: '3500.00',
      error_code: null,
    });
    const tooMuch = await post(t, '/api/advances/simulate/', e.auth, { amount: 5001 });
    expect(tooMuch.statusCode).toBe(200);
    expect(tooMuch.json()).toMatchObject({ error_code: 'AMOUNT_LIMIT_EXCEEDED', available_after: '5000.00' });
  });

  it('validates the amount like the create call (min 50 DH, whole dirhams)', async () => {
    const e = await a.employee();
    const low = await post(t, '/api/advances/simulate/', e.auth, { amount: 49 });
    expect(low.statusCode).toBe(400);
    expect(errorOf(low)).toMatchObject({ code: 'min_value', attr: 'amount' });
    const cents = await post(t, '/api/advances/simulate/', e.auth, { amount: '100.50' });
    expect(errorOf(cents)).toMatchObject({ code: 'invalid', attr: 'amount' });
    const missing = await post(t, '/api/advances/simulate/', e.auth, {});
    expect(errorOf(missing)).toMatchObject({ code: 'required', attr: 'amount' });
  });

  it('is refused to a company without the advances feature', async () => {
    const off = await createTenant(t, { company: { advancesEnabled: false } });
    const res = await post(t, '/api/advances/simulate/', (await off.employee()).auth, { amount: 100 });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /advances/', () => {
  it('creates a pending advance, posts it to the ledger and notifies the employee', async () => {
    const e = await a.employee();
    const walletBefore = await walletBalance(t, a.company.id);
    const clearingBefore = await accountBalance(t, a.company.id, 'payouts_clearing');
    const res = await post(t, '/api/advances/', e.auth, { amount: '1200' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      employee: { id: e.employee.id, first_name: e.user.firstName, last_name: e.user.lastName },
      amount: '1200.00',
      fees: '0.00',
      free: true,
      status: 'pending',
      payout_method: 'rib',
      executed: null,
      canceled: null,
      failed: null,
      cancel_reason: null,
      failure_reason: null,
    });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 120_000n);
    expect(await accountBalance(t, a.company.id, 'payouts_clearing')).toBe(clearingBefore + 120_000n);
    expect(await ledgerTransactionsOf(t, body.id)).toEqual([
      { type: 'advance', idempotency_key: `advance:${body.id}` },
    ]);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, e.user.id), eq(notifications.event, 'advance_created')));
    expect(note?.parameters).toMatchObject({ amount: '1200.00', advance_id: body.id });
    // It points at the advance (decision 019), and says so on the wire with the advance's date.
    expect(note).toMatchObject({ advanceId: body.id, rechargeId: null });
    const listed = (await get(t, '/api/notifications/', e.auth)).json().results;
    expect(listed[0]).toMatchObject({
      event: 'advance_created',
      target: { type: 'advance', id: body.id, created: body.created },
    });
    const row = await advanceRow(t, body.id);
    // RIB transfers leave in batches: the payout waits PAYOUT_RIB_DELAY_SECONDS.
    expect(row.payoutAfter.getTime() - row.createdAt.getTime()).toBeGreaterThan(3_500_000);
  });

  it('charges the company fee beyond the free advances (wallet −(amount+fee), fees_income +fee)', async () => {
    const e = await a.employee();
    await post(t, '/api/advances/', e.auth, { amount: 100 });
    const walletBefore = await walletBalance(t, a.company.id);
    const feesBefore = await accountBalance(t, a.company.id, 'fees_income');
    const res = await post(t, '/api/advances/', e.auth, { amount: 200 });
    expect(res.json()).toMatchObject({ amount: '200.00', fees: '15.00', free: false });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 21_500n);
    expect(await accountBalance(t, a.company.id, 'fees_income')).toBe(feesBefore + 1_500n);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('pays to the card only with an active prepaid card (CARD_REQUIRED)', async () => {
    const e = await a.employee();
    const refused = await post(t, '/api/advances/', e.auth, { amount: 100, payout_method: 'card' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      type: 'client_error',
      errors: [
        {
          code: 'CARD_REQUIRED',
          detail: 'Une carte prépayée active est nécessaire pour ce virement.',
          attr: null,
        },
      ],
    });
    await createActiveCard(t.db, a.company.id, e.employee.id);
    const ok = await post(t, '/api/advances/', e.auth, { amount: 100, payout_method: 'card' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payout_method).toBe('card');
  });

  it('needs a RIB for a transfer (RIB_REQUIRED)', async () => {
    const e = await a.employee({ employee: { rib: null } });
    const res = await post(t, '/api/advances/', e.auth, { amount: 100 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)?.code).toBe('RIB_REQUIRED');
  });

  it('refuses a restricted employee and any request after the cut-off day (ACCESS_RESTRICTED)', async () => {
    const restricted = await a.employee({ employee: { isRestricted: true } });
    expect(errorOf(await post(t, '/api/advances/', restricted.auth, { amount: 100 }))?.code).toBe(
      'ACCESS_RESTRICTED',
    );
    // Cut-off day 0: every day of the month is after it.
    const late = await createTenant(t, { company: { advanceCutoffDay: 0 } });
    const e = await late.employee();
    const res = await post(t, '/api/advances/', e.auth, { amount: 100 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)?.code).toBe('ACCESS_RESTRICTED');
    expect((await get(t, '/api/employees/solde', e.auth)).json()).toMatchObject({
      is_restricted: true,
      cutoff_day: 0,
    });
  });

  it('refuses past the monthly number of requests (REQUEST_LIMIT_EXCEEDED)', async () => {
    const e = await a.employee({ employee: { maxAdvancesPerMonth: 1 } });
    expect((await post(t, '/api/advances/', e.auth, { amount: 100 })).statusCode).toBe(201);
    expect(errorOf(await post(t, '/api/advances/', e.auth, { amount: 100 }))?.code).toBe(
      'REQUEST_LIMIT_EXCEEDED',
    );
  });

  it('refuses an amount above the monthly max (AMOUNT_LIMIT_EXCEEDED)', async () => {
    const e = await a.employee({ employee: { totalMaxAdvancePerMonthCentimes: 100_000n } });
    expect(errorOf(await post(t, '/api/advances/', e.auth, { amount: 1001 }))?.code).toBe(
      'AMOUNT_LIMIT_EXCEEDED',
    );
  });

  it('refuses more than the available balance, fee included (BALANCE_INSUFFICIENT)', async () => {
    const e = await a.employee({ employee: { totalMaxAdvancePerMonthCentimes: 10_000_000n } });
    expect(errorOf(await post(t, '/api/advances/', e.auth, { amount: 5001 }))?.code).toBe(
      'BALANCE_INSUFFICIENT',
    );
    expect((await post(t, '/api/advances/', e.auth, { amount: 4985 })).statusCode).toBe(201);
    // 15 DH left and the next advance costs 15 DH of fee: 50 DH + 15 DH does not fit.
    expect(errorOf(await post(t, '/api/advances/', e.auth, { amount: 50 }))?.code).toBe(
      'BALANCE_INSUFFICIENT',
    );
  });

  it('refuses when the company wallet cannot cover it (INSUFFICIENT_FUNDS), writing nothing', async () => {
    const poor = await createTenant(t, { walletCentimes: 50_000n });
    const e = await poor.employee();
    const res = await post(t, '/api/advances/', e.auth, { amount: 501 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)?.code).toBe('INSUFFICIENT_FUNDS');
    expect(await t.db.select().from(advances).where(eq(advances.employeeId, e.employee.id))).toEqual([]);
    expect(await walletBalance(t, poor.company.id)).toBe(50_000n);
    expect((await post(t, '/api/advances/', e.auth, { amount: 500 })).statusCode).toBe(201);
  });

  it('refuses a deactivated employment record (403)', async () => {
    const e = await a.employee({ employee: { isActive: false } });
    expect((await post(t, '/api/advances/', e.auth, { amount: 100 })).statusCode).toBe(403);
  });

  it('validates amount and payout method', async () => {
    const e = await a.employee();
    expect(errorOf(await post(t, '/api/advances/', e.auth, { amount: 10 }))).toMatchObject({
      code: 'min_value',
      attr: 'amount',
    });
    expect(errorOf(await post(t, '/api/advances/', e.auth, { amount: 'mille' }))).toMatchObject({
      code: 'invalid',
      attr: 'amount',
    });
    expect(
      errorOf(await post(t, '/api/advances/', e.auth, { amount: 100, payout_method: 'cash' })),
    ).toMatchObject({
      code: 'invalid_choice',
      attr: 'payout_method',
    });
  });
});

describe('Idempotency-Key on POST /advances/', () => {
  it('replays the first answer for the same key and body, once', async () => {
    const e = await a.employee();
    const key = { 'idempotency-key': 'avance-2026-0001' };
    const first = await post(t, '/api/advances/', e.auth, { amount: 300 }, key);
    const again = await post(t, '/api/advances/', e.auth, { amount: '300.00', payout_method: 'rib' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.db.select().from(advances).where(eq(advances.employeeId, e.employee.id))).toHaveLength(1);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    const e = await a.employee();
    const key = { 'idempotency-key': 'k-1' };
    await post(t, '/api/advances/', e.auth, { amount: 300 }, key);
    const res = await post(t, '/api/advances/', e.auth, { amount: 400 }, key);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)?.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('scopes keys to the user, stores nothing for a refused request, and rejects malformed keys', async () => {
    const e = await a.employee();
    const other = await a.employee();
    const key = { 'idempotency-key': 'shared-key' };
    expect((await post(t, '/api/advances/', e.auth, { amount: 300 }, key)).statusCode).toBe(201);
    expect((await post(t, '/api/advances/', other.auth, { amount: 300 }, key)).statusCode).toBe(201);

    const refused = await post(
      t,
      '/api/advances/',
      e.auth,
      { amount: 5000 },
      { 'idempotency-key': 'retry-me' },
    );
    expect(errorOf(refused)?.code).toBe('BALANCE_INSUFFICIENT');
    // Nothing was stored: the same key may be used again (here with a smaller amount).
    expect(
      (await post(t, '/api/advances/', e.auth, { amount: 100 }, { 'idempotency-key': 'retry-me' }))
        .statusCode,
    ).toBe(201);

    for (const bad of ['', 'with space', 'x'.repeat(256), 'é']) {
      const res = await post(t, '/api/advances/', e.auth, { amount: 100 }, { 'idempotency-key': bad });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)?.code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
  });
});

describe('POST /advances/{id}/cancel/', () => {
  it('cancels a pending advance with a reason and gives amount and fee back to the wallet', async () => {
    const e = await a.employee();
    await post(t, '/api/advances/', e.auth, { amount: 100 });
    const walletBefore = await walletBalance(t, a.company.id);
    const feesBefore = await accountBalance(t, a.company.id, 'fees_income');
    const created = (await post(t, '/api/advances/', e.auth, { amount: 700 })).json();
    expect(created.fees).toBe('15.00');
    const res = await post(t, `/api/advances/${created.id}/cancel/`, e.auth, { reason: 'Plus besoin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, status: 'canceled', cancel_reason: 'Plus besoin' });
    expect(res.json().canceled).not.toBeNull();
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    expect(await accountBalance(t, a.company.id, 'fees_income')).toBe(feesBefore);
    expect((await ledgerTransactionsOf(t, created.id)).map((x) => x.type)).toEqual(['advance', 'reversal']);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, e.user.id), eq(notifications.event, 'advance_canceled')));
    expect(note?.parameters).toMatchObject({ amount: '700.00', reason: 'Plus besoin' });
    expect(note).toMatchObject({ advanceId: created.id, rechargeId: null });
    // The canceled advance no longer counts toward the month's requests nor what was drawn.
    expect((await get(t, '/api/employees/solde', e.auth)).json()).toMatchObject({
      requests_this_month: 1,
      drawn: '100.00',
    });

    const twice = await post(t, `/api/advances/${created.id}/cancel/`, e.auth, { reason: 'Encore' });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice)?.code).toBe('ADVANCE_NOT_PENDING');
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('answers 404 for another employee’s or another company’s advance, and malformed ids', async () => {
    const owner = await a.employee();
    const colleague = await a.employee();
    const b = await createTenant(t);
    const outsider = await b.employee();
    const created = (await post(t, '/api/advances/', owner.auth, { amount: 100 })).json();
    for (const auth of [colleague.auth, outsider.auth, a.rh.auth]) {
      const res = await post(t, `/api/advances/${created.id}/cancel/`, auth, { reason: 'Pas à moi' });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await post(t, '/api/advances/abc/cancel/', owner.auth, { reason: 'x'.repeat(5) })).statusCode,
    ).toBe(404);
    expect((await post(t, '/api/advances/99999999/cancel/', owner.auth, { reason: 'xyz' })).statusCode).toBe(
      404,
    );
    expect((await advanceRow(t, created.id)).status).toBe('pending');
  });

  it('needs a reason', async () => {
    const e = await a.employee();
    const created = (await post(t, '/api/advances/', e.auth, { amount: 100 })).json();
    const res = await post(t, `/api/advances/${created.id}/cancel/`, e.auth, { reason: ' ' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ attr: 'reason' });
  });
});
