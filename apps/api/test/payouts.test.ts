import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advances, prepaidCards, sandboxOperations } from '../src/db/schema/money.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { postAdvanceCreated } from '../src/modules/advances/postings.ts';
import {
  NO_ACTIVE_CARD_REASON,
  type PayoutDeps,
  runAdvancePayout,
} from '../src/modules/payouts/advance-payout.ts';
import { sweepAdvancePayouts } from '../src/modules/payouts/payout-jobs.ts';
import { payoutOwnerOf } from '../src/modules/payouts/payout-owner.ts';
import {
  SANDBOX_CLOSED_ACCOUNT_REASON,
  SANDBOX_TRANSFER_REFUSED_REASON,
} from '../src/providers/bank-transfer/sandbox-bank-transfer.ts';
import {
  accountBalance,
  advanceRow,
  createTenant,
  ledgerTransactionsOf,
  type Person,
  post,
  type Tenant,
  walletBalance,
} from './advances-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let deps: PayoutDeps;

beforeAll(async () => {
  // RIB payouts wait an hour and the sweeper is off in this app: each test decides what runs when.
  t = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 3600, PAYOUT_SWEEP_INTERVAL_SECONDS: 3600 });
  a = await createTenant(t);
  deps = { db: t.db, bank: t.ctx.payouts.bank, card: t.ctx.payouts.card };
});
afterAll(() => t.close());

async function requestAdvance(who: Person, amount: number, payoutMethod: 'card' | 'rib' = 'rib') {
  const res = await post(t, '/api/advances/', who.auth, { amount, payout_method: payoutMethod });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Lets a waiting RIB advance become due now. */
const makeDue = (id: number) =>
  t.db.update(advances).set({ payoutAfter: sql`now() - interval '1 second'` }).where(eq(advances.id, id));

const operationsOf = (id: number) =>
  t.db
    .select()
    .from(sandboxOperations)
    .where(eq(sandboxOperations.reference, `advance:${id}`));

async function eventsOf(who: Person) {
  const rows = await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
  return rows.map((r) => ({
    event: r.event,
    parameters: r.parameters,
    target: { advanceId: r.advanceId, rechargeId: r.rechargeId },
  }));
}

describe('card payouts', () => {
  it('execute at once: payout posting, employee_advances, notification', async () => {
    const e = await a.employee();
    await createActiveCard(t.db, a.company.id, e.employee.id, '1234');
    const clearingBefore = await accountBalance(t, a.company.id, 'payouts_clearing');
    const id = await requestAdvance(e, 800, 'card');
    await t.ctx.jobs.drain();
    const row = await advanceRow(t, id);
    expect(row).toMatchObject({ status: 'executed', providerReference: `CRD-ADVANCE-${id}` });
    expect(row.executedAt).not.toBeNull();
    expect((await ledgerTransactionsOf(t, id)).map((x) => x.type)).toEqual(['advance', 'payout']);
    expect(await accountBalance(t, a.company.id, 'payouts_clearing')).toBe(clearingBefore);
    expect(await accountBalance(t, a.company.id, 'employee_advances', e.employee.id)).toBe(80_000n);
    expect(await eventsOf(e)).toContainEqual({
      event: 'advance_executed',
      parameters: { amount: '800.00', payout_method: 'card', advance_id: id },
      target: { advanceId: id, rechargeId: null },
    });
    const [operation] = await operationsOf(id);
    expect(operation).toMatchObject({ provider: 'card_issuer', status: 'succeeded' });
    expect(operation?.request).toMatchObject({ last4: '1234', amount: '800.00' });
  });

  it('fail without an active card at payout time (blocked since the request), everything reversed', async () => {
    const e = await a.employee();
    const card = await createActiveCard(t.db, a.company.id, e.employee.id);
    const walletBefore = await walletBalance(t, a.company.id);
    // Requested while the card was active (row and posting as the API writes them), then blocked.
    const [advance] = await t.db
      .insert(advances)
      .values({
        companyId: a.company.id,
        employeeId: e.employee.id,
        amountCentimes: 30_000n,
        payoutMethod: 'card',
      })
      .returning();
    await postAdvanceCreated(t.db, advance!, { firstName: 'A', lastName: 'B', serial: null }, e.user.id);
    await t.db.update(prepaidCards).set({ status: 'blocked' }).where(eq(prepaidCards.id, card.id));
    expect(await runAdvancePayout(deps, advance!.id)).toBe('failed');
    expect(await advanceRow(t, advance!.id)).toMatchObject({
      status: 'failed',
      failureReason: NO_ACTIVE_CARD_REASON,
    });
    expect(await operationsOf(advance!.id)).toHaveLength(0);
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
  });
});

describe('RIB payouts', () => {
  it('wait for PAYOUT_RIB_DELAY_SECONDS, then execute by bank transfer', async () => {
    const e = await a.employee();
    const id = await requestAdvance(e, 1000);
    await t.ctx.jobs.drain();
    expect((await advanceRow(t, id)).status).toBe('pending');
    // A job or the sweeper coming early changes nothing.
    expect(await runAdvancePayout(deps, id)).toBe('skipped');
    expect(await sweepAdvancePayouts(t.db, t.ctx.jobs)).toBe(0);
    await makeDue(id);
    expect(await runAdvancePayout(deps, id)).toBe('executed');
    const row = await advanceRow(t, id);
    expect(row).toMatchObject({ status: 'executed', providerReference: `VIR-ADVANCE-${id}` });
    const [operation] = await operationsOf(id);
    expect(operation).toMatchObject({ provider: 'bank_transfer', status: 'succeeded' });
    // The RIB is never stored whole by the sandbox.
    expect(JSON.stringify(operation?.request)).not.toContain('011780000012345678901234');
  });

  it('run by themselves once the delay is over (in-process queue, 1 s delay)', async () => {
    const quick = await createTestApp({ PAYOUT_RIB_DELAY_SECONDS: 1 });
    try {
      const tenant = await createTenant(quick);
      const e = await tenant.employee();
      const res = await quick.app.inject({
        method: 'POST',
        url: '/api/advances/',
        headers: e.auth,
        payload: { amount: 500 },
      });
      const id = res.json().id as number;
      const status = async () =>
        (await quick.db.select().from(advances).where(eq(advances.id, id)))[0]!.status;
      expect(await status()).toBe('pending');
      const deadline = Date.now() + 5_000;
      while ((await status()) !== 'executed' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await status()).toBe('executed');
    } finally {
      await quick.close();
    }
  });
});

describe('payout failures reverse everything', () => {
  it('a refused transfer: failed with the French reason, wallet, clearing and fee restored, advance_failed', async () => {
    const e = await a.employee();
    await requestAdvance(e, 100); // the free one
    await t.ctx.jobs.drain();
    const walletBefore = await walletBalance(t, a.company.id);
    const clearingBefore = await accountBalance(t, a.company.id, 'payouts_clearing');
    const feesBefore = await accountBalance(t, a.company.id, 'fees_income');
    const id = await requestAdvance(e, 900);
    expect((await advanceRow(t, id)).feeCentimes).toBe(1_500n);
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 91_500n);

    t.ctx.payouts.bank.sandbox!.failNext(1);
    await makeDue(id);
    expect(await runAdvancePayout(deps, id)).toBe('failed');
    const row = await advanceRow(t, id);
    expect(row).toMatchObject({ status: 'failed', failureReason: SANDBOX_TRANSFER_REFUSED_REASON });
    expect(row.failedAt).not.toBeNull();
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    expect(await accountBalance(t, a.company.id, 'payouts_clearing')).toBe(clearingBefore);
    expect(await accountBalance(t, a.company.id, 'fees_income')).toBe(feesBefore);
    expect(await accountBalance(t, a.company.id, 'employee_advances', e.employee.id)).toBe(0n);
    expect((await ledgerTransactionsOf(t, id)).map((x) => x.type)).toEqual(['advance', 'reversal']);
    expect(await eventsOf(e)).toContainEqual({
      event: 'advance_failed',
      parameters: { amount: '900.00', reason: SANDBOX_TRANSFER_REFUSED_REASON, advance_id: id },
      target: { advanceId: id, rechargeId: null },
    });
    // A failed advance no longer counts as drawn.
    const solde = (
      await t.app.inject({ method: 'GET', url: '/api/employees/solde', headers: e.auth })
    ).json();
    expect(solde).toMatchObject({ drawn: '100.00', requests_this_month: 1 });
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });

  it('1 313 DH is the documented demo failure (closed account)', async () => {
    const e = await a.employee();
    const id = await requestAdvance(e, 1313);
    await makeDue(id);
    expect(await runAdvancePayout(deps, id)).toBe('failed');
    expect((await advanceRow(t, id)).failureReason).toBe(SANDBOX_CLOSED_ACCOUNT_REASON);
  });

  it('a refused card load is reversed too', async () => {
    const e = await a.employee();
    await createActiveCard(t.db, a.company.id, e.employee.id);
    const walletBefore = await walletBalance(t, a.company.id);
    t.ctx.payouts.card.sandbox!.failNext(1);
    const id = await requestAdvance(e, 400, 'card');
    await t.ctx.jobs.drain();
    expect((await advanceRow(t, id)).status).toBe('failed');
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
  });
});

describe('a payout is never made twice', () => {
  it('running the job again (sequentially or at once) changes nothing', async () => {
    const e = await a.employee();
    const id = await requestAdvance(e, 600);
    await makeDue(id);
    const outcomes = await Promise.all([runAdvancePayout(deps, id), runAdvancePayout(deps, id)]);
    expect(outcomes.filter((o) => o === 'executed')).toHaveLength(1);
    expect(await runAdvancePayout(deps, id)).toBe('skipped');
    expect(await operationsOf(id)).toHaveLength(1);
    expect((await ledgerTransactionsOf(t, id)).map((x) => x.type)).toEqual(['advance', 'payout']);
    expect(await accountBalance(t, a.company.id, 'employee_advances', e.employee.id)).toBe(60_000n);
  });

  it('an outage leaves the advance processing; the retry asks the bank again and pays once', async () => {
    const e = await a.employee();
    const id = await requestAdvance(e, 700);
    await makeDue(id);
    t.ctx.payouts.bank.sandbox!.breakNext(1);
    await expect(runAdvancePayout(deps, id)).rejects.toThrow(/outage/);
    // Not back to pending: the bank may have sent it, so the employee can no longer cancel.
    expect((await advanceRow(t, id)).status).toBe('processing');
    const cancel = await post(t, `/api/advances/${id}/cancel/`, e.auth, { reason: 'Trop tard ?' });
    expect(cancel.json().errors[0].code).toBe('ADVANCE_NOT_PENDING');
    expect(await runAdvancePayout(deps, id)).toBe('executed');
    expect(await operationsOf(id)).toHaveLength(1);
  });

  it('a worker that died after the bank answered: the resumed job records that answer, no new transfer', async () => {
    const e = await a.employee();
    // Written as the API writes it, but its job died with the process that ran it (no job queued).
    const [advance] = await t.db
      .insert(advances)
      .values({
        companyId: a.company.id,
        employeeId: e.employee.id,
        amountCentimes: 25_000n,
        payoutMethod: 'rib',
        status: 'processing',
        processingAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    await postAdvanceCreated(t.db, advance!, { firstName: 'A', lastName: 'B', serial: null }, e.user.id);
    const id = advance!.id;
    // The bank received the transfer, then the process crashed before recording the answer.
    await deps.bank.transfer({
      reference: `advance:${id}`,
      rib: '011780000012345678901234',
      beneficiaryName: 'Test',
      amountCentimes: 25_000n,
      label: 'x',
    });
    // The sweeper finds the stale processing advance and resumes it.
    expect(await sweepAdvancePayouts(t.db, t.ctx.jobs)).toBeGreaterThanOrEqual(1);
    await t.ctx.jobs.drain();
    expect((await advanceRow(t, id)).status).toBe('executed');
    expect(await operationsOf(id)).toHaveLength(1);
  });

  it('the sweeper re-sends a due pending advance whose job was lost', async () => {
    const e = await a.employee();
    const [lost] = await t.db
      .insert(advances)
      .values({
        companyId: a.company.id,
        employeeId: e.employee.id,
        amountCentimes: 5_000n,
        payoutMethod: 'rib',
      })
      .returning();
    // Its creation posting, as the API would have written it.
    await postAdvanceCreated(t.db, lost!, { firstName: 'A', lastName: 'B', serial: null }, e.user.id);
    expect(await sweepAdvancePayouts(t.db, t.ctx.jobs)).toBeGreaterThanOrEqual(1);
    await t.ctx.jobs.drain();
    expect((await advanceRow(t, lost!.id)).status).toBe('executed');
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });
});

describe('cancel racing the payout job', () => {
  it('has exactly one winner', async () => {
    const e = await a.employee({ employee: { maxAdvancesPerMonth: -1 } });
    for (let round = 0; round < 4; round++) {
      const id = await requestAdvance(e, 50);
      await makeDue(id);
      const [cancel, job] = await Promise.all([
        post(t, `/api/advances/${id}/cancel/`, e.auth, { reason: 'Course' }),
        runAdvancePayout(deps, id),
      ]);
      const row = await advanceRow(t, id);
      if (cancel.statusCode === 200) {
        expect(job).toBe('skipped');
        expect(row.status).toBe('canceled');
        expect(await operationsOf(id)).toHaveLength(0);
      } else {
        expect(cancel.json().errors[0].code).toBe('ADVANCE_NOT_PENDING');
        expect(row.status).toBe('executed');
      }
    }
    const [{ count } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(advances)
      .where(and(eq(advances.employeeId, e.employee.id), eq(advances.status, 'pending')));
    expect(count).toBe(0);
    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });
});

describe('payoutOwnerOf (advances and bonuses alike)', () => {
  it('names the owner in the payout’s company, and nobody for another company’s id', async () => {
    const person = await a.employee();
    const other = await createTenant(t);
    expect(await payoutOwnerOf(t.db, a.company.id, person.employee.id)).toMatchObject({
      userId: person.user.id,
      firstName: person.user.firstName,
    });
    await expect(payoutOwnerOf(t.db, other.company.id, person.employee.id)).rejects.toThrow(/vanished/);
  });
});
