import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenses } from '../src/db/schema/expenses.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import type { Person } from './advances-helpers.ts';
import { addGroup } from './employees-helpers.ts';
import {
  createMissionTenant,
  fileOrder,
  type MissionTenant,
  send,
  setAdvanceLimit,
} from './mission-orders-helpers.ts';
import { drawReceipt } from './support/receipt-images.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The report of a mission order (issue 15, part 5): assign, send, review per expense or all, status, refunds. */
let t: TestApp;
let a: MissionTenant;
let other: MissionTenant;
let me: Person;
let receipt: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  a = await createMissionTenant(t);
  other = await createMissionTenant(t);
  await setAdvanceLimit(t, a.company.id, 5000);
  const sales = await addGroup(t, a.company.id, 'Commerciaux');
  me = await a.employee({ employee: { groupId: sales.id } });
  receipt = await drawReceipt({ noise: 0 });
  await send(t, 'POST', '/api/expenses/policy_items/bulk_save/', a.drh.auth, {
    items: [{ group: sales.id, category: 'food', ceiling: '100' }],
  });
});
afterAll(async () => t?.close());

async function draft(who: Person, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: 'Repas', category: 'food', guests: '0', ...fields }))
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
const patch = (url: string, auth: Record<string, string>, body: object) =>
  t.app.inject({ method: 'PATCH', url, headers: auth, payload: body });
const post = (who: { auth: Record<string, string> }, url: string, body?: unknown) =>
  send(t, 'POST', url, who.auth, body);
const codes = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; attr: string | null }[] }).errors.map(
    (e) => `${e.attr}:${e.code}`,
  );

async function approvedOrder(who: Person) {
  const order = await fileOrder(t, who.auth, { advance_amount: '500' });
  const approved = await post(a.drh, `/api/expenses/odm/${order.id}/reply/`, { reply: 'approve' });
  if (approved.statusCode !== 200) throw new Error(approved.body);
  return order;
}

describe('the report of a mission order', () => {
  it('assigns only to an approved order of one’s own, within the mission’s dates', async () => {
    const pending = await fileOrder(t, me.auth, { advance_amount: '500' });
    const inside = await draft(me, { expense_date: '2026-12-02', amount: '80' });
    const refused = await post(me, `/api/expenses/odm/${pending.id}/assign/`, { expenses: [inside] });
    expect(refused.statusCode).toBe(409);
    expect(codes(refused.body)).toEqual(['null:EXPENSE_ORDER_NOT_APPROVED']);

    const order = await approvedOrder(me);
    const outside = await draft(me, { expense_date: '2026-12-05', amount: '50' });
    const late = await post(me, `/api/expenses/odm/${order.id}/assign/`, { expenses: [inside, outside] });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0]).toMatchObject({ attr: 'expenses.1', code: 'EXPENSE_DATE_OUTSIDE_MISSION' });
    expect(late.json().errors[0].detail).toBe(
      'La date de la dépense (05/12/2026) doit être comprise entre le début (01/12/2026) et la fin (03/12/2026) de la mission.',
    );
    const colleague = await a.employee();
    const theirs = await draft(colleague, { expense_date: '2026-12-02', amount: '10' });
    expect(
      codes((await post(me, `/api/expenses/odm/${order.id}/assign/`, { expenses: [theirs] })).body),
    ).toEqual(['expenses.0:does_not_exist']);
    expect(
      (await post(colleague, `/api/expenses/odm/${order.id}/assign/`, { expenses: [theirs] })).statusCode,
    ).toBe(404);
    expect((await post(other.rh, `/api/expenses/odm/${order.id}/send/`)).statusCode).toBe(404);
  });

  it('send → validator approves a selection and returns the rest → employee corrects and resends → HR accepts', async () => {
    const order = await approvedOrder(me);
    expect(codes((await post(me, `/api/expenses/odm/${order.id}/send/`)).body)).toEqual([
      'null:REPORT_EMPTY',
    ]);
    const lunch = await draft(me, { expense_date: '2026-12-01', amount: '60' });
    const dinner = await draft(me, { expense_date: '2026-12-01', amount: '70' });
    const hotel = await draft(me, {
      expense_date: '2026-12-02',
      amount: '450',
      category: 'hotel',
      title: 'Hôtel',
    });
    const assigned = await post(me, `/api/expenses/odm/${order.id}/assign/`, {
      expenses: [lunch, dinner, hotel],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      report_status: 'draft',
      total_amount: '580.00',
      refundable_total: '550.00',
    });

    const sent = await post(me, `/api/expenses/odm/${order.id}/send/`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().report_status).toBe('pending');
    expect(sent.json().expenses.map((e: { status: string }) => e.status)).toEqual(['sent', 'sent', 'sent']);
    expect((await patch(`/api/expenses/${lunch}/`, me.auth, { amount: '1' })).statusCode).toBe(409);
    expect((await post(me, `/api/expenses/odm/${order.id}/send/`)).statusCode).toBe(409);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.event, 'expense_report_sent'), eq(notifications.userId, a.validator.user.id)),
      );
    expect(told).toHaveLength(1);

    // Nobody reviews their own report; a plain colleague and another company see nothing.
    const ownReply = await post(me, `/api/expenses/odm/${order.id}/reply/expenses/all/`, {
      reply: 'approve',
    });
    expect(ownReply.statusCode).toBe(403);
    expect(ownReply.json().errors[0]).toMatchObject({
      code: 'REPORT_OWN',
      detail: 'Vous ne pouvez pas valider votre propre note de frais : un autre valideur doit le faire.',
    });
    const colleague = await a.employee();
    expect(
      (await post(colleague, `/api/expenses/odm/${order.id}/approve/`, { expenses: [lunch] })).statusCode,
    ).toBe(404);
    expect(
      (await post(other.validator, `/api/expenses/odm/${order.id}/approve/`, { expenses: [lunch] }))
        .statusCode,
    ).toBe(404);

    // The validator opens the receipts of the report they review; a colleague still cannot.
    expect(
      (await send(t, 'GET', `/api/expenses/${lunch}/receipt/?size=thumbnail`, a.validator.auth)).statusCode,
    ).toBe(200);
    expect((await send(t, 'GET', `/api/expenses/${lunch}/`, a.validator.auth)).statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/expenses/${lunch}/`, colleague.auth)).statusCode).toBe(404);
    expect((await send(t, 'GET', `/api/expenses/${lunch}/`, other.validator.auth)).statusCode).toBe(404);
    const selection = await post(a.validator, `/api/expenses/odm/${order.id}/approve/`, {
      expenses: [lunch, hotel],
    });
    expect(selection.statusCode, selection.body).toBe(200);
    expect(selection.json().report_status).toBe('pending');
    const returned = await post(a.validator, `/api/expenses/odm/${order.id}/reply/expenses/all/`, {
      reply: 'return',
      comment: 'Le ticket du dîner est illisible',
    });
    expect(returned.json()).toMatchObject({ report_status: 'returned' });
    expect(returned.json().expenses.map((e: { id: number; status: string }) => [e.id, e.status])).toEqual([
      [lunch, 'accepted'],
      [dinner, 'returned'],
      [hotel, 'accepted'],
    ]);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.event, 'expense_report_replied'), eq(notifications.userId, me.user.id))),
    ).toHaveLength(1);

    const fixed = await patch(`/api/expenses/${dinner}/`, me.auth, { amount: '65' });
    expect(fixed.json()).toMatchObject({
      status: 'returned',
      review_comment: 'Le ticket du dîner est illisible',
    });
    expect((await post(me, `/api/expenses/odm/${order.id}/send/`)).json().report_status).toBe('pending');

    const accepted = await post(a.rh, `/api/expenses/odm/${order.id}/reply/expenses/all/`, {
      reply: 'approve',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      report_status: 'accepted',
      total_amount: '575.00',
      refundable_total: '550.00',
    });
    const rows = await t.db.select().from(expenses).where(eq(expenses.missionOrderId, order.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.refundableCentimes]))).toEqual({
      [lunch]: 6_000n,
      [dinner]: 4_000n,
      [hotel]: 45_000n,
    });
    expect(
      (await post(a.drh, `/api/expenses/odm/${order.id}/reply/expenses/all/`, { reply: 'reject' }))
        .statusCode,
    ).toBe(409);
    const seen = await send(t, 'GET', `/api/expenses/odm/${order.id}/expenses/`, me.auth);
    expect(seen.json().expenses[1]).toMatchObject({
      refundable_amount: '40.00',
      refund_reason: 'ceiling_shared',
    });
  });

  it('a validator cannot approve their own report (REPORT_OWN, not the order’s message)', async () => {
    const order = await approvedOrder(a.validator);
    const meal = await draft(a.validator, { expense_date: '2026-12-01', amount: '40' });
    expect(
      (await post(a.validator, `/api/expenses/odm/${order.id}/assign/`, { expenses: [meal] })).statusCode,
    ).toBe(200);
    expect((await post(a.validator, `/api/expenses/odm/${order.id}/send/`)).statusCode).toBe(200);
    for (const [url, body] of [
      [`/api/expenses/odm/${order.id}/approve/`, { expenses: [meal] }],
      [`/api/expenses/odm/${order.id}/reply/expenses/all/`, { reply: 'approve' }],
    ] as const) {
      const answer = await post(a.validator, url, body);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(codes(answer.body)).toEqual(['null:REPORT_OWN']);
    }
    const [still] = await t.db
      .select({ status: expenses.status })
      .from(expenses)
      .where(eq(expenses.id, meal));
    expect(still?.status).toBe('sent');
  });

  it('a report rejected whole is rejected; bad bodies are 400', async () => {
    const order = await approvedOrder(me);
    const one = await draft(me, { expense_date: '2026-12-03', amount: '20' });
    await post(me, `/api/expenses/odm/${order.id}/assign/`, { expenses: [one] });
    await post(me, `/api/expenses/odm/${order.id}/send/`);
    expect(
      (await post(a.validator, `/api/expenses/odm/${order.id}/reply/expenses/all/`, { reply: 'maybe' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(a.validator, `/api/expenses/odm/${order.id}/approve/`, { expenses: [] })).statusCode,
    ).toBe(400);
    expect(
      (await post(a.validator, `/api/expenses/odm/${order.id}/approve/`, { expenses: [2_147_483_648] }))
        .statusCode,
    ).toBe(400);
    expect(
      codes(
        (await post(a.validator, `/api/expenses/odm/${order.id}/approve/`, { expenses: [999_999] })).body,
      ),
    ).toEqual(['expenses:EXPENSE_NOT_SENT']);
    const rejected = await post(a.validator, `/api/expenses/odm/${order.id}/reply/expenses/all/`, {
      reply: 'reject',
      comment: 'Hors politique',
    });
    expect(rejected.json()).toMatchObject({ report_status: 'rejected', refundable_total: '0.00' });
    expect(rejected.json().expenses[0]).toMatchObject({ status: 'rejected', refundable_amount: null });
  });
});
