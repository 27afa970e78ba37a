/**
 * The settlement of an accepted expense report against the mission advance (issue 15; decision
 * 047): both directions and zero, the ledger, the payroll statement and its CSV, the history,
 * tenancy, replays; the races on PostgreSQL at the end.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseSettlements } from '../src/db/schema/expenses.ts';
import type { LedgerAccountKind } from '../src/db/schema/ledger.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { missionOrders } from '../src/db/schema/mission-orders.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { findAccount } from '../src/lib/ledger.ts';
import { casablancaMonth } from '../src/lib/time.ts';
import { reviewReport } from '../src/modules/expenses/report-service.ts';
import {
  runSettlementPayout,
  SETTLEMENT_NO_RIB_REASON,
  settleAcceptedReport,
} from '../src/modules/expenses/settlement.ts';
import { findMissionOrder } from '../src/modules/mission-orders/queries.ts';
import type { PayoutDeps } from '../src/modules/payouts/advance-payout.ts';
import { type Person, walletBalance } from './advances-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import { createMissionTenant, fileOrder, type MissionTenant, send } from './mission-orders-helpers.ts';
import { drawReceipt } from './support/receipt-images.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: MissionTenant;
let other: MissionTenant;
let receipt: Buffer;
let deps: PayoutDeps;

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_SWEEP_INTERVAL_SECONDS: 3600 });
  a = await createMissionTenant(t);
  other = await createMissionTenant(t);
  receipt = await drawReceipt({ noise: 0 });
  deps = { db: t.db, bank: t.ctx.payouts.bank, card: t.ctx.payouts.card };
});
afterAll(async () => t?.close());

const post = (who: { auth: Record<string, string> }, url: string, body?: unknown) =>
  send(t, 'POST', url, who.auth, body);
const get = (who: { auth: Record<string, string> }, url: string) => send(t, 'GET', url, who.auth);

async function draft(who: Person, day: string, dh: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title: 'Hôtel',
    category: 'hotel',
    guests: '0',
    expense_date: day,
    amount: dh,
  }))
    form.append(k, v);
  form.append('receipt', new Blob([new Uint8Array(receipt)], { type: 'image/png' }), 'ticket.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/expenses/',
    headers: { ...who.auth, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id as number;
}

/** An approved order whose advance has been paid (or refused), its report filled and sent. */
async function sentReport(who: Person, advanceDh: number, amountsDh: string[]) {
  const order = await fileOrder(t, who.auth, { advance_amount: advanceDh });
  const approved = await post(a.drh, `/api/expenses/odm/${order.id}/reply/`, { reply: 'approve' });
  if (approved.statusCode !== 200) throw new Error(approved.body);
  await t.ctx.jobs.drain();
  const ids: number[] = [];
  for (const [i, dh] of amountsDh.entries()) ids.push(await draft(who, `2026-12-0${1 + (i % 3)}`, dh));
  if (ids.length > 0) {
    const assigned = await post(who, `/api/expenses/odm/${order.id}/assign/`, { expenses: ids });
    if (assigned.statusCode !== 200) throw new Error(assigned.body);
    const sent = await post(who, `/api/expenses/odm/${order.id}/send/`);
    if (sent.statusCode !== 200) throw new Error(sent.body);
  }
  return order;
}

const acceptAll = (reviewer: { auth: Record<string, string> }, orderId: number) =>
  post(reviewer, `/api/expenses/odm/${orderId}/reply/expenses/all/`, { reply: 'approve' });

async function balanceOf(kind: LedgerAccountKind, employeeId?: number, companyId = a.company.id) {
  return (await findAccount(t.db, { companyId, kind, employeeId }))?.balanceCentimes ?? 0n;
}

async function expectLedgerConsistent() {
  expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
}

async function eventsOf(userId: number) {
  const rows = await t.db
    .select({ event: notifications.event, parameters: notifications.parameters })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows;
}

describe('settling an accepted report', () => {
  it('more spent than the advance: the difference goes to the card, through the ledger, once', async () => {
    const me = await a.employee();
    await createActiveCard(t.db, a.company.id, me.employee.id);
    const order = await sentReport(me, 500, ['300', '400.50']);
    expect(await balanceOf('mission_advances', me.employee.id)).toBe(50_000n);
    const walletBefore = await walletBalance(t, a.company.id);
    const expensesBefore = await balanceOf('mission_expenses');

    const accepted = await acceptAll(a.rh, order.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().report_status).toBe('accepted');
    expect(accepted.json().settlement).toMatchObject({
      refundable_total: '700.50',
      advance_paid: '500.00',
      balance: '200.50',
      direction: 'to_employee',
      payout_method: 'card',
      deduction_month: null,
    });
    expect(['confirmed', 'processing', 'executed']).toContain(accepted.json().settlement.payout_status);
    // Reserved at acceptance: the wallet pays the difference only.
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 20_050n);

    await t.ctx.jobs.drain();
    const after = (await get(me, `/api/expenses/odm/${order.id}/expenses/`)).json();
    expect(after.settlement).toMatchObject({ payout_status: 'executed', failure_reason: null });
    expect(await balanceOf('mission_advances', me.employee.id)).toBe(0n);
    expect(await balanceOf('mission_expenses')).toBe(expensesBefore + 70_050n);
    const [row] = await t.db
      .select()
      .from(expenseSettlements)
      .where(eq(expenseSettlements.missionOrderId, order.id));
    expect(await runSettlementPayout(deps, row!.id)).toBe('skipped');
    const postings = await t.db
      .select({ type: ledgerTransactions.type })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `expense-settlement:${order.id}`));
    expect(postings.map((p) => p.type).sort()).toEqual(['expense_settlement', 'payout']);
    const paid = (await eventsOf(me.user.id)).filter((n) => n.event === 'expense_settlement_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.parameters).toMatchObject({ amount: '200.50', number: order.number });
    // The wallet screen lists the settlement's movement under its own type.
    const wallet = await get(a.rh, '/api/company/wallet/transactions/?transaction_type=expense_settlement');
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json().results.length).toBeGreaterThan(0);

    // The history: the employee's own, and HR's view of the company.
    const mine = (await get(me, '/api/transactions/?type_in=expense_settlement')).json();
    expect(mine.results).toEqual([
      expect.objectContaining({
        type: 'expense_settlement',
        id: row!.id,
        amount: '200.50',
        status: 'executed',
        title: `Remboursement de frais de mission — ${order.number}`,
      }),
    ]);
    await expectLedgerConsistent();
  });

  it('less spent: the employee owes the difference, on the month’s statement, CSV and history', async () => {
    const me = await a.employee();
    await createActiveCard(t.db, a.company.id, me.employee.id);
    const order = await sentReport(me, 500, ['120']);
    const walletBefore = await walletBalance(t, a.company.id);
    const accepted = await acceptAll(a.validator, order.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const settlement = accepted.json().settlement;
    expect(settlement).toMatchObject({
      refundable_total: '120.00',
      advance_paid: '500.00',
      balance: '-380.00',
      direction: 'owed_by_employee',
      payout_status: null,
      payout_method: null,
    });
    expect(settlement.deduction_month).toMatch(/^\d{4}-\d{2}$/);
    await t.ctx.jobs.drain();
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    expect(await balanceOf('mission_advances', me.employee.id)).toBe(0n);
    expect(await balanceOf('mission_settlements_due', me.employee.id)).toBe(38_000n);

    const [year, month] = (settlement.deduction_month as string).split('-').map(Number);
    const statement = (
      await get(a.rh, `/api/payroll/deductions/?month=${month}&year=${year}&search=${me.user.lastName}`)
    ).json();
    expect(statement.results).toEqual([
      expect.objectContaining({
        employee: expect.objectContaining({ id: me.employee.id }),
        mission_expenses_count: 1,
        mission_expenses_amount: '380.00',
        total: '380.00',
      }),
    ]);
    expect(statement.totals).toMatchObject({ mission_expenses_amount: '380.00', total: '380.00' });
    const csv = await get(a.rh, `/api/payroll/deductions/export?month=${month}&year=${year}`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(';');
    // Appended after the existing deductions, before the total (as « Factures » was).
    expect(header.slice(-3)).toEqual(['Transferts (DH)', 'Frais de mission (DH)', 'Total à retenir (DH)']);
    const line = lines.find((l) => l.includes(me.user.lastName))!.split(';');
    expect(line.slice(-3)).toEqual(['0,00', '380,00', '380,00']);
    // Another month does not carry it.
    const next = month === 12 ? { month: 1, year: year! + 1 } : { month: month! + 1, year };
    expect(
      (
        await get(
          a.rh,
          `/api/payroll/deductions/?month=${next.month}&year=${next.year}&search=${me.user.lastName}`,
        )
      ).json().count,
    ).toBe(0);

    const history = (await get(me, '/api/transactions/?type_in=expense_settlement')).json();
    expect(history.results).toEqual([
      expect.objectContaining({
        type: 'expense_settlement',
        amount: '380.00',
        status: 'owed',
        title: `Frais de mission à rembourser — ${order.number}`,
      }),
    ]);
    const hrView = (await get(a.rh, `/api/transactions/?type_in=expense_settlement&status=owed`)).json();
    expect(hrView.results.map((r: { employee: { id: number } }) => r.employee.id)).toContain(me.employee.id);
    // Another company's HR sees neither the report nor the history line, nor the statement row.
    expect((await get(other.rh, `/api/expenses/odm/${order.id}/expenses/`)).statusCode).toBe(404);
    const theirs = (await get(other.rh, '/api/transactions/?type_in=expense_settlement')).json();
    expect(theirs.count).toBe(0);
    expect(
      (await get(other.rh, `/api/payroll/deductions/?month=${month}&year=${year}`)).json().totals
        .mission_expenses_amount,
    ).toBe('0.00');
    // A colleague sees only their own history.
    const colleague = await a.employee();
    expect((await get(colleague, '/api/transactions/?type_in=expense_settlement')).json().count).toBe(0);

    const owed = (await eventsOf(me.user.id)).filter((n) => n.event === 'expense_settlement_owed');
    expect(owed).toHaveLength(1);
    expect(owed[0]!.parameters).toMatchObject({ amount: '380.00', number: order.number });
    await expectLedgerConsistent();
  });

  it('expenses equal to the advance: settled, nothing moves', async () => {
    const me = await a.employee();
    await createActiveCard(t.db, a.company.id, me.employee.id);
    const order = await sentReport(me, 500, ['200', '300']);
    const walletBefore = await walletBalance(t, a.company.id);
    const accepted = await acceptAll(a.rh, order.id);
    expect(accepted.json().settlement).toMatchObject({
      balance: '0.00',
      direction: 'none',
      payout_status: null,
      deduction_month: null,
    });
    await t.ctx.jobs.drain();
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    expect(await balanceOf('mission_advances', me.employee.id)).toBe(0n);
    expect(await balanceOf('mission_settlements_due', me.employee.id)).toBe(0n);
    expect((await get(me, '/api/transactions/?type_in=expense_settlement')).json().count).toBe(0);
    const events = (await eventsOf(me.user.id)).map((n) => n.event);
    expect(events.filter((e) => e.startsWith('expense_settlement'))).toEqual([]);
    await expectLedgerConsistent();
  });

  it('no advance: the whole refundable total is paid; a refused advance counts as none (RIB)', async () => {
    const me = await a.employee();
    await createActiveCard(t.db, a.company.id, me.employee.id);
    const order = await sentReport(me, 0, ['250']);
    const accepted = await acceptAll(a.rh, order.id);
    expect(accepted.json().settlement).toMatchObject({
      refundable_total: '250.00',
      advance_paid: '0.00',
      balance: '250.00',
      direction: 'to_employee',
    });
    await t.ctx.jobs.drain();
    expect((await get(me, `/api/expenses/odm/${order.id}/expenses/`)).json().settlement.payout_status).toBe(
      'executed',
    );

    // 1 313 DH is refused by the bank sandbox: the advance failed, nothing was paid.
    const noCard = await a.employee();
    const refused = await sentReport(noCard, 1313, ['100']);
    expect(
      (await t.db.select().from(missionOrders).where(eq(missionOrders.id, refused.id)))[0]!.advanceStatus,
    ).toBe('failed');
    const settled = await acceptAll(a.rh, refused.id);
    expect(settled.json().settlement).toMatchObject({
      advance_paid: '0.00',
      balance: '100.00',
      direction: 'to_employee',
      payout_method: 'rib',
    });
    await t.ctx.jobs.drain();
    expect(
      (await get(noCard, `/api/expenses/odm/${refused.id}/expenses/`)).json().settlement.payout_status,
    ).toBe('executed');
    await expectLedgerConsistent();
  });

  it('no card and no RIB: the payout fails visibly, the wallet is made whole, the employee told', async () => {
    const me = await a.employee({ employee: { rib: null } });
    const order = await sentReport(me, 0, ['90']);
    const walletBefore = await walletBalance(t, a.company.id);
    expect((await acceptAll(a.rh, order.id)).json().settlement.payout_method).toBe('rib');
    await t.ctx.jobs.drain();
    const seen = (await get(a.rh, `/api/expenses/odm/${order.id}/expenses/`)).json().settlement;
    expect(seen).toMatchObject({ payout_status: 'failed', failure_reason: SETTLEMENT_NO_RIB_REASON });
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    expect(await balanceOf('payouts_clearing')).toBe(0n);
    const failed = (await eventsOf(me.user.id)).filter((n) => n.event === 'expense_settlement_failed');
    expect(failed).toHaveLength(1);
    await expectLedgerConsistent();
  });

  it('an advance still being paid refuses the acceptance; nothing changes', async () => {
    const me = await a.employee();
    const order = await sentReport(me, 400, ['100']);
    await t.db
      .update(missionOrders)
      .set({ advanceStatus: 'processing' })
      .where(eq(missionOrders.id, order.id));
    const refused = await acceptAll(a.rh, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('REPORT_ADVANCE_IN_FLIGHT');
    const report = (await get(me, `/api/expenses/odm/${order.id}/expenses/`)).json();
    expect(report).toMatchObject({ report_status: 'pending', settlement: null });
    expect(report.expenses.map((e: { status: string }) => e.status)).toEqual(['sent']);
    await t.db.update(missionOrders).set({ advanceStatus: 'executed' }).where(eq(missionOrders.id, order.id));
  });

  it('the deduction month is the Casablanca month of acceptance; a replay settles nothing twice', async () => {
    const me = await a.employee();
    const order = await sentReport(me, 600, ['100']);
    const row = (await findMissionOrder(t.db, a.company.id, order.id))!;
    const lateInJanuary = new Date('2027-01-31T23:59:00Z'); // Casablanca is UTC+00 (tz 2026c)
    expect(casablancaMonth(lateInJanuary)).toMatchObject({ year: 2027, month: 1 });
    const caller = {
      companyId: a.company.id,
      userId: a.rh.user.id,
      employeeId: a.rh.employee.id,
      roles: ['RH'],
    };
    const done = await reviewReport(
      t.db,
      caller as never,
      order.id,
      { kind: 'all', reply: 'approve', comment: null },
      lateInJanuary,
    );
    expect(done).toEqual({ status: 'accepted', settlementToPay: null });
    const again = await t.db.transaction((tx) =>
      settleAcceptedReport(tx, {
        row,
        refundableCentimes: 10_000n,
        acceptedBy: a.rh.user.id,
        now: new Date(),
      }),
    );
    expect(again).toBeNull();
    const rows = await t.db
      .select()
      .from(expenseSettlements)
      .where(eq(expenseSettlements.missionOrderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deductionMonth: '2027-01-01', balanceCentimes: -50_000n });
    const january = (
      await get(a.rh, `/api/payroll/deductions/?month=1&year=2027&search=${me.user.lastName}`)
    ).json();
    expect(january.results[0]).toMatchObject({ mission_expenses_amount: '500.00' });
    const postings = await t.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.reference, `expense-settlement:${order.id}`),
          eq(ledgerTransactions.type, 'expense_settlement'),
        ),
      );
    expect(postings).toHaveLength(1);
    await expectLedgerConsistent();
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('settlement under concurrency (PostgreSQL)', () => {
  it('two reviewers accepting at once, and payout jobs run three times at once: one settlement, paid once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const me = await a.employee();
      await createActiveCard(t.db, a.company.id, me.employee.id);
      const order = await sentReport(me, 200, ['350']);
      const walletBefore = await walletBalance(t, a.company.id);
      const answers = await Promise.all([acceptAll(a.rh, order.id), acceptAll(a.validator, order.id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.db
        .select()
        .from(expenseSettlements)
        .where(eq(expenseSettlements.missionOrderId, order.id));
      expect(rows).toHaveLength(1);
      const outcomes = await Promise.all([
        runSettlementPayout(deps, rows[0]!.id),
        runSettlementPayout(deps, rows[0]!.id),
        runSettlementPayout(deps, rows[0]!.id),
      ]);
      await t.ctx.jobs.drain();
      expect(outcomes.filter((o) => o === 'executed').length).toBeLessThanOrEqual(1);
      const [after] = await t.db
        .select()
        .from(expenseSettlements)
        .where(eq(expenseSettlements.missionOrderId, order.id));
      expect(after!.payoutStatus).toBe('executed');
      expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 15_000n);
      const payouts = await t.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `expense-settlement:${order.id}`));
      expect(payouts.map((p) => p.type).sort()).toEqual(['expense_settlement', 'payout']);
    }
    await expectLedgerConsistent();
  });

  it('two settlements of one report in two transactions at once: the unique constraint keeps one', async () => {
    const me = await a.employee();
    const order = await sentReport(me, 300, ['100']);
    await t.db.update(missionOrders).set({ reportStatus: 'accepted' }).where(eq(missionOrders.id, order.id));
    const row = (await findMissionOrder(t.db, a.company.id, order.id))!;
    const settle = () =>
      t.db.transaction((tx) =>
        settleAcceptedReport(tx, {
          row,
          refundableCentimes: 10_000n,
          acceptedBy: a.rh.user.id,
          now: new Date(),
        }),
      );
    await Promise.all([settle(), settle(), settle()]);
    const rows = await t.db
      .select()
      .from(expenseSettlements)
      .where(eq(expenseSettlements.missionOrderId, order.id));
    expect(rows).toHaveLength(1);
    expect(await balanceOf('mission_settlements_due', me.employee.id)).toBe(20_000n);
    await expectLedgerConsistent();
  });
});
