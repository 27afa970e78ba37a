import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseValidators } from '../src/db/schema/expense-policy.ts';
import { ledgerTransactions } from '../src/db/schema/ledger.ts';
import { missionOrders } from '../src/db/schema/mission-orders.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { casablancaMonth } from '../src/lib/time.ts';
import { runMissionAdvancePayout } from '../src/modules/mission-orders/payout.ts';
import { runMissionOrderReminders } from '../src/modules/mission-orders/reminders.ts';
import type { PayoutDeps } from '../src/modules/payouts/advance-payout.ts';
import { accountBalance, walletBalance } from './advances-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import {
  AGADIR,
  CASA,
  createMissionTenant,
  fileOrder,
  type MissionTenant,
  multipart,
  odmBody,
  orderRow,
  PDF,
  PNG,
  RABAT,
  send,
  setAdvanceLimit,
  setRouteCeiling,
} from './mission-orders-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Mission orders (issue 14): send, reply, edit, advance, payout, reminders, tenancy. */
let t: TestApp;
let a: MissionTenant;
let b: MissionTenant;
let deps: PayoutDeps;

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_SWEEP_INTERVAL_SECONDS: 3600 });
  a = await createMissionTenant(t);
  b = await createMissionTenant(t);
  // Atlas-like policy: 3 000 DH per order, Casablanca → Agadir 2 000 DH, anywhere 2 500 DH.
  await setAdvanceLimit(t, a.company.id, 3000);
  await setRouteCeiling(t, a.company.id, CASA, AGADIR, 2000);
  await setRouteCeiling(t, a.company.id, null, null, 2500);
  deps = { db: t.db, bank: t.ctx.payouts.bank, card: t.ctx.payouts.card };
});
afterAll(async () => t?.close());

const errorsOf = (res: { body: string }) =>
  (JSON.parse(res.body) as { errors: { code: string; attr: string | null; detail: string }[] }).errors;
const reply = (auth: Record<string, string>, id: number, body: unknown) =>
  send(t, 'POST', `/api/expenses/odm/${id}/reply/`, auth, body);

async function expectLedgerConsistent() {
  expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
}

describe('filing an order', () => {
  it('numbers orders in sequence per company and year, pending, report awaiting the order', async () => {
    const employee = await a.employee();
    // The year of filing, read around it: a run across New Year's Eve may see either.
    const yearBefore = casablancaMonth(new Date()).year;
    const first = await fileOrder(t, employee.auth);
    const second = await fileOrder(t, employee.auth, { advance_amount: 0 });
    const yearAfter = casablancaMonth(new Date()).year;
    const numbered = /^ODM-(\d{4})-\d{4}$/.exec(first.number);
    expect(numbered).not.toBeNull();
    expect([yearBefore, yearAfter]).toContain(Number(numbered![1]));
    expect(Number(second.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    const details = (await send(t, 'GET', `/api/expenses/odm/${first.id}/`, employee.auth)).json();
    expect(details).toMatchObject({
      status: 'pending',
      report_status: 'awaiting_odm',
      advance_amount: '1500.00',
      requested_advance_amount: '1500.00',
      advance_status: 'none',
      guests: 1,
      departure_city: { id: CASA },
      arrival_city: { id: AGADIR },
      can_edit: false,
      can_review: false,
      is_own: true,
      advance_ceiling: { limit: '3000.00', route_ceiling: '2000.00', ceiling: '2000.00' },
    });
    expect(details.history.map((e: { type: string }) => e.type)).toEqual(['submitted']);
    // Another company's first order starts its own sequence.
    const other = await fileOrder(t, (await b.employee()).auth);
    expect(other.number).toMatch(/^ODM-\d{4}-0001$/);
  });

  it('tells the validators and HR of a new order, not its employee', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth);
    const told = await t.db
      .select({ userId: notifications.userId, parameters: notifications.parameters })
      .from(notifications)
      .where(eq(notifications.event, 'odm_submitted'));
    const ids = told.filter((n) => n.parameters.odm_id === order.id).map((n) => n.userId);
    expect(ids).toEqual(expect.arrayContaining([a.validator.user.id, a.rh.user.id, a.drh.user.id]));
    expect(ids).not.toContain(employee.user.id);
    expect(ids).not.toContain(b.validator.user.id);
    expect(order.status).toBe('pending');
  });

  it('checks dates, guests, cities and hostile values at the boundary', async () => {
    const employee = await a.employee();
    const post = (extra: Record<string, unknown>) =>
      send(t, 'POST', '/api/expenses/odm/', employee.auth, odmBody(extra));
    const inverted = await post({ start_date: '2026-12-03', end_date: '2026-12-01' });
    expect(inverted.statusCode).toBe(400);
    expect(errorsOf(inverted)).toEqual([
      {
        code: 'END_BEFORE_START',
        attr: 'end_date',
        detail: 'La date de fin doit être après la date de début.',
      },
    ]);
    expect(errorsOf(await post({ end_date: '2026-12-01' }))[0]!.code).toBe('END_BEFORE_START');
    expect(errorsOf(await post({ guests: 10 }))[0]).toMatchObject({ code: 'max_value', attr: 'guests' });
    expect(errorsOf(await post({ guests: -1 }))[0]).toMatchObject({ code: 'min_value', attr: 'guests' });
    expect(errorsOf(await post({ start_date: '2026-02-31' }))[0]).toMatchObject({ attr: 'start_date' });
    expect(errorsOf(await post({ arrival_city: 99999 }))[0]).toMatchObject({
      code: 'does_not_exist',
      attr: 'arrival_city',
    });
    expect(errorsOf(await post({ departure_city: 9_999_999_999 }))[0]).toMatchObject({
      code: 'max_value',
      attr: 'departure_city',
    });
    expect(errorsOf(await post({ title: '' }))[0]).toMatchObject({ code: 'blank', attr: 'title' });
    expect(errorsOf(await post({ title: 'x'.repeat(121) }))[0]).toMatchObject({ code: 'max_length' });
    expect(errorsOf(await post({ advance_amount: '-5' }))[0]).toMatchObject({ attr: 'advance_amount' });
    expect(errorsOf(await post({ advance_amount: '1e9' }))[0]).toMatchObject({ attr: 'advance_amount' });
    expect((await post({ title: 'a\u0000b' })).statusCode).toBe(400);
  });

  it('refuses an advance above the smaller of the limit and the route’s most specific ceiling', async () => {
    const employee = await a.employee();
    const post = (extra: Record<string, unknown>) =>
      send(t, 'POST', '/api/expenses/odm/', employee.auth, odmBody(extra));
    const above = await post({ advance_amount: '2001' });
    expect(above.statusCode).toBe(400);
    expect(errorsOf(above)[0]).toMatchObject({ code: 'ADVANCE_ABOVE_CEILING', attr: 'advance_amount' });
    expect(errorsOf(above)[0]!.detail).toContain('2 000 DH');
    expect((await post({ advance_amount: '2000' })).statusCode).toBe(201);
    // Casablanca → Rabat: only the "any → any" policy (2 500 DH) and the limit (3 000 DH).
    expect((await post({ arrival_city: RABAT, advance_amount: '2500' })).statusCode).toBe(201);
    expect((await post({ arrival_city: RABAT, advance_amount: '2501' })).statusCode).toBe(400);
    const ceiling = await send(
      t,
      'GET',
      `/api/expenses/odm/ceiling/?departure_city=${CASA}&arrival_city=${RABAT}`,
      employee.auth,
    );
    expect(ceiling.json()).toEqual({ limit: '3000.00', route_ceiling: '2500.00', ceiling: '2500.00' });
    // Company B has no policy: no ceiling.
    const bCeiling = await send(t, 'GET', '/api/expenses/odm/ceiling/', (await b.employee()).auth);
    expect(bCeiling.json()).toEqual({ limit: null, route_ceiling: null, ceiling: null });
  });
});

describe('files', () => {
  async function upload(
    auth: Record<string, string>,
    files: Array<{ name: string; data: Buffer; type?: string }>,
  ) {
    const body = await multipart(
      Object.fromEntries(Object.entries(odmBody()).map(([k, v]) => [k, String(v)])),
      files,
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/expenses/odm/',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  }

  it('keeps PDF, PNG and JPEG checked by content and serves them as downloads to who may see the order', async () => {
    const employee = await a.employee();
    const res = await upload(employee.auth, [
      { name: 'billet-avion-casablanca-agadir.pdf', data: PDF },
      { name: 'plan.png', data: PNG, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.files.map((f: { name: string }) => f.name)).toEqual([
      'billet-avion-casablanca-agadir.pdf',
      'plan.png',
    ]);
    const url = order.files[0].url as string;
    const download = await send(t, 'GET', url, employee.auth);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await send(t, 'GET', url, a.validator.auth)).statusCode).toBe(200);
    expect((await send(t, 'GET', url, (await a.employee()).auth)).statusCode).toBe(404);
    expect((await send(t, 'GET', url, b.rh.auth)).statusCode).toBe(404);
  });

  it('refuses a bad type, a disguised file and a file over 10 MB', async () => {
    const employee = await a.employee();
    const text = await upload(employee.auth, [
      { name: 'notes.txt', data: Buffer.from('hello'), type: 'text/plain' },
    ]);
    expect(errorsOf(text)[0]).toMatchObject({ code: 'ATTACHMENT_INVALID_TYPE', attr: 'files' });
    const disguised = await upload(employee.auth, [
      { name: 'facture.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(errorsOf(disguised)[0]).toMatchObject({ code: 'ATTACHMENT_INVALID_TYPE' });
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const large = await upload(employee.auth, [{ name: 'gros.pdf', data: big }]);
    expect(large.statusCode).toBe(400);
    expect(errorsOf(large)[0]).toMatchObject({ code: 'ATTACHMENT_TOO_LARGE', attr: 'files' });
    const many = await upload(
      employee.auth,
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, data: PDF })),
    );
    expect(errorsOf(many)[0]).toMatchObject({ code: 'TOO_MANY_ATTACHMENTS' });
  });
});

describe('replies and states', () => {
  it('return needs a comment; the employee edits the returned order and sends it again', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth);
    const noComment = await reply(a.validator.auth, order.id, { reply: 'return' });
    expect(errorsOf(noComment)[0]).toMatchObject({ code: 'required', attr: 'comment' });
    // Editing a pending order is refused.
    const early = await send(t, 'PUT', `/api/expenses/odm/${order.id}/`, employee.auth, odmBody());
    expect(errorsOf(early)[0]!.code).toBe('MISSION_ORDER_NOT_EDITABLE');

    const returned = await reply(a.validator.auth, order.id, {
      reply: 'return',
      comment: 'Précisez le client',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'returned', report_status: 'awaiting_odm' });
    const seen = (await send(t, 'GET', `/api/expenses/odm/${order.id}/`, employee.auth)).json();
    expect(seen.can_edit).toBe(true);
    expect(seen.history.at(-1)).toMatchObject({ type: 'returned', comment: 'Précisez le client' });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, employee.user.id), eq(notifications.event, 'odm_replied')));
    expect(told!.parameters).toMatchObject({
      number: order.number,
      status: 'à modifier',
      comment: 'Précisez le client',
    });

    // Someone else cannot edit it; a reply to a returned order is refused.
    const stranger = await a.employee();
    expect(
      (await send(t, 'PUT', `/api/expenses/odm/${order.id}/`, stranger.auth, odmBody())).statusCode,
    ).toBe(404);
    expect(errorsOf(await reply(a.rh.auth, order.id, { reply: 'approve' }))[0]!.code).toBe(
      'MISSION_ORDER_NOT_PENDING',
    );
    // Still within the ceiling when edited.
    const tooMuch = await send(
      t,
      'PUT',
      `/api/expenses/odm/${order.id}/`,
      employee.auth,
      odmBody({ advance_amount: 5000 }),
    );
    expect(errorsOf(tooMuch)[0]!.code).toBe('ADVANCE_ABOVE_CEILING');

    const again = await send(
      t,
      'PUT',
      `/api/expenses/odm/${order.id}/`,
      employee.auth,
      odmBody({ description: 'Client Souss Distribution, Agadir', advance_amount: 1200 }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'pending',
      advance_amount: '1200.00',
      number: order.number,
    });
    expect(again.json().history.map((e: { type: string }) => e.type)).toEqual([
      'submitted',
      'returned',
      'resubmitted',
    ]);
  });

  it('refuse needs a reason; a refused order can neither be edited nor answered again', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth);
    expect(errorsOf(await reply(a.rh.auth, order.id, { reply: 'refuse', comment: '  ' }))[0]!.attr).toBe(
      'comment',
    );
    const refused = await reply(a.rh.auth, order.id, { reply: 'refuse', comment: 'Budget épuisé' });
    expect(refused.json()).toMatchObject({ status: 'rejected' });
    expect(
      errorsOf(await send(t, 'PUT', `/api/expenses/odm/${order.id}/`, employee.auth, odmBody()))[0]!.code,
    ).toBe('MISSION_ORDER_NOT_EDITABLE');
    expect(errorsOf(await reply(a.validator.auth, order.id, { reply: 'approve' }))[0]!.code).toBe(
      'MISSION_ORDER_NOT_PENDING',
    );
    expect((await reply(a.rh.auth, order.id, { reply: 'maybe' })).statusCode).toBe(400);
  });

  it('approval: accepted, report draft, the advance from the wallet to the card; not editable after', async () => {
    const employee = await a.employee();
    await createActiveCard(t.db, a.company.id, employee.employee.id);
    const order = await fileOrder(t, employee.auth, { advance_amount: 1800 });
    const walletBefore = await walletBalance(t, a.company.id);
    const approved = await reply(a.drh.auth, order.id, { reply: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'accepted',
      report_status: 'draft',
      payout_method: 'card',
    });
    // The payout job is queued after the commit (it may already be running).
    expect(['confirmed', 'processing', 'executed']).toContain(approved.json().advance_status);
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore - 180_000n);
    await t.ctx.jobs.drain();
    const paid = (await send(t, 'GET', `/api/expenses/odm/${order.id}/`, employee.auth)).json();
    expect(paid).toMatchObject({ advance_status: 'executed', advance_paid: '1800.00' });
    expect(await accountBalance(t, a.company.id, 'mission_advances' as never, employee.employee.id)).toBe(
      180_000n,
    );
    expect(await runMissionAdvancePayout(deps, order.id)).toBe('skipped');
    const events = await t.db
      .select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.userId, employee.user.id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['odm_replied', 'odm_advance_paid']));
    const postings = await t.db
      .select({ type: ledgerTransactions.type })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `mission-order:${order.id}`));
    expect(postings.map((p) => p.type).sort()).toEqual(['mission_advance', 'payout']);
    expect(
      errorsOf(await send(t, 'PUT', `/api/expenses/odm/${order.id}/`, employee.auth, odmBody()))[0]!.code,
    ).toBe('MISSION_ORDER_NOT_EDITABLE');
    expect(errorsOf(await reply(a.rh.auth, order.id, { reply: 'refuse', comment: 'non' }))[0]!.code).toBe(
      'MISSION_ORDER_NOT_PENDING',
    );
    await expectLedgerConsistent();
  });

  it('without a card the advance goes to the RIB; a refused transfer is reversed to the wallet', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth, { advance_amount: 1313 });
    const walletBefore = await walletBalance(t, a.company.id);
    expect((await reply(a.rh.auth, order.id, { reply: 'approve' })).json().payout_method).toBe('rib');
    await t.ctx.jobs.drain();
    const row = await orderRow(t, order.id);
    expect(row.advanceStatus).toBe('failed');
    expect(row.advancePaidCentimes).toBe(0n);
    expect(await walletBalance(t, a.company.id)).toBe(walletBefore);
    await expectLedgerConsistent();
  });

  it('an order without advance is approved without any money movement', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth, { advance_amount: 0 });
    const approved = await reply(a.validator.auth, order.id, { reply: 'approve' });
    expect(approved.json()).toMatchObject({
      status: 'accepted',
      advance_status: 'none',
      report_status: 'draft',
    });
    const postings = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `mission-order:${order.id}`));
    expect(postings).toEqual([]);
  });

  it('INSUFFICIENT_FUNDS refuses the approval and changes nothing', async () => {
    const poor = await createMissionTenant(t, { walletCentimes: 50_000n });
    const employee = await poor.employee();
    const order = await fileOrder(t, employee.auth, { advance_amount: 1000 });
    const res = await reply(poor.rh.auth, order.id, { reply: 'approve' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]!.code).toBe('INSUFFICIENT_FUNDS');
    expect((await orderRow(t, order.id)).status).toBe('pending');
    expect(await walletBalance(t, poor.company.id)).toBe(50_000n);
    // A lower advance fits.
    await send(t, 'PUT', `/api/expenses/odm/${order.id}/advance/`, poor.rh.auth, { amount: 400 });
    expect((await reply(poor.rh.auth, order.id, { reply: 'approve' })).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    await expectLedgerConsistent();
  });
});

describe('who may reply', () => {
  it('nobody reviews their own order: validator, RH or DRH', async () => {
    for (const person of [a.validator, a.rh, a.drh]) {
      const order = await fileOrder(t, person.auth);
      const res = await reply(person.auth, order.id, { reply: 'approve' });
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res)[0]!.code).toBe('MISSION_ORDER_OWN');
      const advance = await send(t, 'PUT', `/api/expenses/odm/${order.id}/advance/`, person.auth, {
        amount: 10,
      });
      expect(advance.statusCode).toBe(403);
      expect((await orderRow(t, order.id)).status).toBe('pending');
    }
  });

  it('a plain employee, and a validator or HR of another company, see nothing (404)', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth);
    const colleague = await a.employee();
    for (const auth of [colleague.auth, b.validator.auth, b.rh.auth, b.drh.auth]) {
      expect((await send(t, 'GET', `/api/expenses/odm/${order.id}/`, auth)).statusCode).toBe(404);
      expect((await reply(auth, order.id, { reply: 'approve' })).statusCode).toBe(404);
      expect(
        (await send(t, 'PUT', `/api/expenses/odm/${order.id}/advance/`, auth, { amount: 10 })).statusCode,
      ).toBe(404);
      expect((await send(t, 'PUT', `/api/expenses/odm/${order.id}/`, auth, odmBody())).statusCode).toBe(404);
    }
    expect((await orderRow(t, order.id)).status).toBe('pending');
    for (const id of ['abc', '0', '99999999999', '2147483648'])
      expect((await send(t, 'GET', `/api/expenses/odm/${id}/`, a.rh.auth)).statusCode).toBe(404);
  });

  it('a removed validator may no longer reply', async () => {
    const tenant = await createMissionTenant(t);
    const order = await fileOrder(t, (await tenant.employee()).auth);
    await t.db
      .delete(expenseValidators)
      .where(eq(expenseValidators.employeeId, tenant.validator.employee.id));
    expect((await reply(tenant.validator.auth, order.id, { reply: 'approve' })).statusCode).toBe(404);
  });

  it('the feature flag closes every call', async () => {
    const off = await createMissionTenant(t, { company: { expensesEnabled: false } });
    const employee = await off.employee();
    expect((await send(t, 'GET', '/api/expenses/odm/', employee.auth)).statusCode).toBe(403);
    expect((await send(t, 'POST', '/api/expenses/odm/', employee.auth, odmBody())).statusCode).toBe(403);
  });
});

describe('the reviewer’s advance', () => {
  it('may be lowered (or raised) within the same ceiling before approving, and is recorded', async () => {
    const employee = await a.employee();
    const order = await fileOrder(t, employee.auth, { advance_amount: 1500 });
    const url = `/api/expenses/odm/${order.id}/advance/`;
    const above = await send(t, 'PUT', url, a.validator.auth, { amount: 2001 });
    expect(errorsOf(above)[0]).toMatchObject({ code: 'ADVANCE_ABOVE_CEILING', attr: 'amount' });
    expect(errorsOf(await send(t, 'PUT', url, a.validator.auth, { amount: 'abc' }))[0]!.attr).toBe('amount');
    const lowered = await send(t, 'PUT', url, a.validator.auth, { amount: 900 });
    expect(lowered.json()).toMatchObject({ advance_amount: '900.00', requested_advance_amount: '1500.00' });
    expect(lowered.json().history.at(-1)).toMatchObject({
      type: 'advance_changed',
      amount_before: '1500.00',
      amount_after: '900.00',
    });
    // The employee may not change it this way.
    expect((await send(t, 'PUT', url, employee.auth, { amount: 2000 })).statusCode).toBe(403);
    await reply(a.rh.auth, order.id, { reply: 'approve' });
    expect(errorsOf(await send(t, 'PUT', url, a.rh.auth, { amount: 800 }))[0]!.code).toBe(
      'MISSION_ORDER_NOT_PENDING',
    );
    await t.ctx.jobs.drain();
    expect((await orderRow(t, order.id)).advanceCentimes).toBe(90_000n);
  });
});

describe('lists', () => {
  it('the employee sees their own; reviewers the company’s (a validator not their own); filters', async () => {
    const tenant = await createMissionTenant(t);
    const ali = await tenant.employee({ firstName: 'Ali', lastName: 'Bennani' } as never);
    const sara = await tenant.employee();
    const o1 = await fileOrder(t, ali.auth, { title: 'Salon Marrakech' });
    const o2 = await fileOrder(t, sara.auth, { title: 'Formation Rabat' });
    const own = await fileOrder(t, tenant.validator.auth, { title: 'Audit Tanger' });
    await reply(tenant.rh.auth, o2.id, { reply: 'return', comment: 'Dates ?' });

    const mine = (await send(t, 'GET', '/api/expenses/odm/', ali.auth)).json();
    expect(mine.results.map((o: { id: number }) => o.id)).toEqual([o1.id]);
    expect((await send(t, 'GET', '/api/expenses/odm/?view=review', ali.auth)).statusCode).toBe(403);

    const validatorView = (
      await send(t, 'GET', '/api/expenses/odm/?view=review', tenant.validator.auth)
    ).json();
    expect(validatorView.results.map((o: { id: number }) => o.id).sort()).toEqual([o1.id, o2.id].sort());
    const hrView = (await send(t, 'GET', '/api/expenses/odm/?view=review', tenant.rh.auth)).json();
    expect(hrView.count).toBe(3);
    expect(hrView.results.find((o: { id: number }) => o.id === own.id).can_review).toBe(true);
    // The owner's flag follows the caller: the validator's own order, another's for HR.
    expect(validatorView.results.every((o: { is_own: boolean }) => !o.is_own)).toBe(true);
    expect(hrView.results.find((o: { id: number }) => o.id === own.id).is_own).toBe(false);
    expect(mine.results[0].is_own).toBe(true);

    const q = (query: string) =>
      send(t, 'GET', `/api/expenses/odm/?view=review&${query}`, tenant.rh.auth).then((r) =>
        r.json().results.map((o: { id: number }) => o.id),
      );
    expect(await q('status=returned')).toEqual([o2.id]);
    expect((await q('status_in=pending,returned')).length).toBe(3);
    expect(await q('search=marrakech')).toEqual([o1.id]);
    expect(await q(`employee=${sara.employee.id}`)).toEqual([o2.id]);
    expect(await q('report_status=draft')).toEqual([]);
    expect((await q('start_after=2026-12-01&start_before=2026-12-01')).length).toBe(3);
    expect(await q('start_after=2026-12-02')).toEqual([]);
    expect((await send(t, 'GET', '/api/expenses/odm/?status=nope', tenant.rh.auth)).statusCode).toBe(400);
    expect((await send(t, 'GET', '/api/expenses/odm/?employee=99999999999', tenant.rh.auth)).statusCode).toBe(
      400,
    );
    expect((await send(t, 'GET', '/api/expenses/odm/?ordering=secret', tenant.rh.auth)).statusCode).toBe(400);
    // Another company's reviewer sees none of them.
    expect((await send(t, 'GET', '/api/expenses/odm/?view=review', b.rh.auth)).json().results).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: o1.id })]),
    );
  });

  it('HR sees overdue orders first', async () => {
    const tenant = await createMissionTenant(t);
    const employee = await tenant.employee();
    const older = await fileOrder(t, employee.auth, { title: 'Ancien' });
    const newer = await fileOrder(t, employee.auth, { title: 'Récent' });
    await t.db
      .update(missionOrders)
      .set({ submittedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(missionOrders.id, older.id));
    const other = await fileOrder(t, employee.auth, { title: 'Tout récent' });
    const list = (await send(t, 'GET', '/api/expenses/odm/?view=review', tenant.rh.auth)).json();
    expect(list.results[0]).toMatchObject({ id: older.id, is_overdue: true });
    expect(list.results.slice(1).map((o: { id: number }) => o.id)).toEqual([other.id, newer.id]);
  });
});

describe('reminders', () => {
  it('remind the validators once a day of an order pending for more than N working days, by notification and e-mail', async () => {
    const tenant = await createMissionTenant(t);
    const employee = await tenant.employee();
    const order = await fileOrder(t, employee.auth);
    // Sent on Friday 20 November 2026 at 10:00 (Casablanca = UTC).
    await t.db
      .update(missionOrders)
      .set({ submittedAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(missionOrders.id, order.id));
    const reminders = (now: string) =>
      runMissionOrderReminders(
        { db: t.db, email: t.ctx.email, publicUrl: 'https://paie.test' },
        new Date(now),
      );
    const remindedOf = async () =>
      (
        await t.db
          .select({ userId: notifications.userId, parameters: notifications.parameters })
          .from(notifications)
          .where(eq(notifications.event, 'odm_reminder'))
      ).filter((n) => n.parameters.odm_id === order.id);

    // Tuesday 24: 2 working days (Mon, Tue) — not yet overdue.
    await reminders('2026-11-24T09:00:00Z');
    expect(await remindedOf()).toEqual([]);
    // Wednesday 25: 3 working days — the validator (not HR: the company has a validator).
    await reminders('2026-11-25T09:00:00Z');
    const first = await remindedOf();
    expect(first.map((n) => n.userId)).toEqual([tenant.validator.user.id]);
    expect(first[0]!.parameters).toMatchObject({ number: order.number, days: 3 });
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, tenant.validator.user.email!));
    expect(mails.at(-1)!.body).toContain(order.number);
    // Once a day, whatever the number of runs.
    await reminders('2026-11-25T15:00:00Z');
    expect(await remindedOf()).toHaveLength(1);
    await reminders('2026-11-26T09:00:00Z');
    expect(await remindedOf()).toHaveLength(2);
    // Answered: no more reminders.
    await reply(tenant.rh.auth, order.id, { reply: 'approve' });
    await t.ctx.jobs.drain();
    await reminders('2026-11-27T09:00:00Z');
    expect(await remindedOf()).toHaveLength(2);
  });

  it('follow the company’s delay', async () => {
    const tenant = await createMissionTenant(t, { company: { missionReminderWorkingDays: 5 } as never });
    const order = await fileOrder(t, (await tenant.employee()).auth);
    await t.db
      .update(missionOrders)
      .set({ submittedAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(missionOrders.id, order.id));
    const count = await runMissionOrderReminders(
      { db: t.db, email: t.ctx.email, publicUrl: 'https://paie.test' },
      new Date('2026-11-26T09:00:00Z'),
    );
    expect((await orderRow(t, order.id)).remindedOn).toBeNull();
    expect(count).toBeGreaterThanOrEqual(0);
  });
});
