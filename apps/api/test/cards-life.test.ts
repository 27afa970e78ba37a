import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/companies.ts';
import { prepaidCards } from '../src/db/schema/money.ts';
import { moveCardByHand } from '../src/modules/cards/operator-commands.ts';
import { findOrderOfCard } from '../src/modules/cards/queries.ts';
import { applyIssuerEvent } from '../src/modules/cards/service.ts';
import { SANDBOX_CARD_DELIVERY_FAILED_REASON } from '../src/providers/card-issuer/sandbox-card-issuer.ts';
import { createTenant, get, type Person, post, type Tenant } from './advances-helpers.ts';
import { messagesTo } from './auth-test-utils.ts';
import {
  advanceCard,
  cardRow,
  deliverCard,
  issuerSandbox,
  orderCardFor,
  printedNumber,
  put,
} from './cards-helpers.ts';
import { createActiveCard, ledgerInconsistencies } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  // The sandbox's own schedule is an hour: each test moves cards itself (advanceNow, the operator).
  t = await createTestApp({
    CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: 3600,
    CARD_ISSUER_SANDBOX_DELIVER_SECONDS: 3600,
  });
  a = await createTenant(t);
  b = await createTenant(t);
});
afterAll(() => t.close());

const codeOf = (res: { json(): unknown }) =>
  (res.json() as { errors: Array<{ code: string }> }).errors[0]?.code;
const confirm = (who: Person, number: string) =>
  post(t, '/api/card/confirm_delivery/', who.auth, { card_number: number });
const toggle = (who: Person, isActive: boolean) =>
  put(t, '/api/card/toggle/', who.auth, { is_active: isActive });

/** A 16-digit number that is not the card's (same last four digits, so only the issuer can tell). */
function wrongNumber(number: string): string {
  const first = (Number(number[0]) + 1) % 10;
  return `${first}${number.slice(1)}`;
}

describe('GET /card/', () => {
  it('says there is no card and no order yet', async () => {
    const emp = await a.employee();
    const res = await get(t, '/api/card/', emp.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ card: null, order: null });
  });

  it('is refused when the company has no card feature', async () => {
    const off = await createTenant(t, { company: { cardsEnabled: false } });
    const emp = await off.employee();
    const res = await get(t, '/api/card/', emp.auth);
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('permission_denied');
  });
});

describe('the card, ordered → assigned → delivered → receipt confirmed', () => {
  it('follows the issuer, refuses an early or wrong confirmation, accepts the printed number once', async () => {
    const emp = await a.employee();
    const { card } = await orderCardFor(t, emp);
    expect(card.status).toBe('ordered');
    expect(card.issuerReference).toMatch(/^ISS-/);

    const state = (await get(t, '/api/card/', emp.auth)).json();
    expect(state.card).toMatchObject({ status: 'ordered', last4: null, is_active: false });
    expect(state.card.delivery).toMatchObject({ city_name: 'Casablanca', zip: '20330' });

    let res = await confirm(emp, '5333170000000000');
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('CARD_NOT_READY');

    await advanceCard(t, card.id);
    const assigned = await cardRow(t, card.id);
    expect(assigned.status).toBe('assigned');
    expect(assigned.last4).toMatch(/^\d{4}$/);
    res = await confirm(emp, await printedNumber(t, card.id));
    expect(codeOf(res)).toBe('CARD_NOT_READY');

    await advanceCard(t, card.id);
    expect((await cardRow(t, card.id)).status).toBe('delivered');

    const number = await printedNumber(t, card.id);
    res = await confirm(emp, wrongNumber(number));
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe('WRONG_CARD_NUMBER');
    res = await confirm(emp, '12');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ attr: 'card_number', code: 'invalid' });

    // Typed the way it is printed: four groups of four.
    res = await confirm(emp, number.replace(/(\d{4})(?=\d)/g, '$1 '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'receipt_confirmed', last4: number.slice(-4) });
    expect(res.json().receipt_confirmed).not.toBeNull();

    res = await confirm(emp, number);
    expect(codeOf(res)).toBe('RECEIPT_ALREADY_CONFIRMED');

    // Not signed yet: no block, no PIN, no balance.
    res = await toggle(emp, false);
    expect(codeOf(res)).toBe('CARD_NOT_ACTIVE');
    res = await post(t, '/api/card/reset_pin/', emp.auth, {});
    expect(codeOf(res)).toBe('CARD_NOT_ACTIVE');
    res = await get(t, '/api/card/balance', emp.auth);
    expect(codeOf(res)).toBe('CARD_NOT_ACTIVE');
  });

  it('an issuer event that comes twice, or late, changes nothing', async () => {
    const emp = await a.employee();
    const { card } = await orderCardFor(t, emp);
    const delivered = await deliverCard(t, card.id);
    expect(delivered.status).toBe('delivered');
    expect(
      await applyIssuerEvent(t.db, {
        issuerReference: card.issuerReference!,
        cardId: card.id,
        stage: 'assigned',
        last4: '0000',
      }),
    ).toBeNull();
    expect((await cardRow(t, card.id)).last4).toBe(delivered.last4);
  });

  it('an issuer event that overtakes the answer to orderCard still finds its card by our reference', async () => {
    const emp = await a.employee();
    const { card } = await orderCardFor(t, emp);
    // The window between the issuer starting work and our storing its reference.
    await t.db.update(prepaidCards).set({ issuerReference: null }).where(eq(prepaidCards.id, card.id));
    const moved = await applyIssuerEvent(t.db, {
      issuerReference: card.issuerReference!,
      cardId: card.id,
      stage: 'assigned',
      last4: '4242',
    });
    expect(moved).toMatchObject({ status: 'assigned', last4: '4242', issuerReference: card.issuerReference });
    // Another card's reference is never taken over.
    const other = await orderCardFor(t, await a.employee());
    expect(
      await applyIssuerEvent(t.db, {
        issuerReference: 'ISS-FORGED',
        cardId: other.card.id,
        stage: 'delivered',
      }),
    ).toBeNull();
    expect((await cardRow(t, other.card.id)).issuerReference).toBe(other.card.issuerReference);
  });

  it('a delivery the issuer gave up on cancels the card with its reason, and a new order may follow', async () => {
    const emp = await a.employee();
    issuerSandbox(t).failNextOrder('deliver');
    const { card } = await orderCardFor(t, emp);
    await deliverCard(t, card.id);
    const state = (await get(t, '/api/card/', emp.auth)).json();
    expect(state.card).toMatchObject({
      status: 'canceled',
      cancel_reason: SANDBOX_CARD_DELIVERY_FAILED_REASON,
    });
    expect(codeOf(await confirm(emp, await printedNumber(t, card.id)))).toBe('NO_CARDS_FOUND');
    const again = await orderCardFor(t, emp);
    expect(again.card.status).toBe('ordered');
  });

  it('a second order is EMPLOYEE_HAS_CARD_ORDER while one is on its way, EMPLOYEE_HAS_CARD once held', async () => {
    const emp = await a.employee();
    await orderCardFor(t, emp);
    await expect(orderCardFor(t, emp)).rejects.toMatchObject({ code: 'EMPLOYEE_HAS_CARD_ORDER' });
    const holder = await a.employee();
    await createActiveCard(t.db, a.company.id, holder.employee.id);
    await expect(orderCardFor(t, holder)).rejects.toMatchObject({ code: 'EMPLOYEE_HAS_CARD' });
  });
});

describe('the sandbox issuer on its own schedule', () => {
  it('assigns and delivers by background jobs after the configured delays', async () => {
    const quick = await createTestApp({
      CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: 0,
      CARD_ISSUER_SANDBOX_DELIVER_SECONDS: 0,
    });
    try {
      const tenant = await createTenant(quick);
      const emp = await tenant.employee();
      const { card } = await orderCardFor(quick, emp);
      await quick.ctx.jobs.drain();
      const row = await cardRow(quick, card.id);
      expect(row.status).toBe('delivered');
      expect(row.assignedAt).not.toBeNull();
      expect(row.deliveredAt).not.toBeNull();
    } finally {
      await quick.close();
    }
  });
});

describe('operator command card-move', () => {
  it('moves an order by hand and refuses a step out of order', async () => {
    const emp = await a.employee();
    const { card } = await orderCardFor(t, emp);
    await expect(moveCardByHand(t.db, t.ctx.config, card.id, 'delivered')).rejects.toThrow(
      /CARD_TRANSITION_NOT_ALLOWED/,
    );
    expect(await moveCardByHand(t.db, t.ctx.config, card.id, 'assigned')).toMatch(
      /now assigned .*number printed on it: \d{16}/,
    );
    expect(await moveCardByHand(t.db, t.ctx.config, card.id, 'delivered')).toMatch(/now delivered/);
    expect((await cardRow(t, card.id)).status).toBe('delivered');
    await expect(moveCardByHand(t.db, t.ctx.config, card.id, 'assigned')).rejects.toThrow(
      /CARD_TRANSITION_NOT_ALLOWED/,
    );
    expect(await moveCardByHand(t.db, t.ctx.config, card.id, 'canceled', 'Adresse introuvable')).toMatch(
      /canceled/,
    );
    expect((await cardRow(t, card.id)).cancelReason).toBe('Adresse introuvable');
  });
});

describe('an active card: block ⇄ unblock, PIN, balance and activity', () => {
  it('blocks and unblocks at once, and names the illegal toggles', async () => {
    const emp = await a.employee();
    await createActiveCard(t.db, a.company.id, emp.employee.id, '1234');
    expect(codeOf(await toggle(emp, true))).toBe('CARD_NOT_BLOCKED');
    let res = await toggle(emp, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'blocked', is_active: false });
    expect(res.json().blocked).not.toBeNull();
    expect(codeOf(await toggle(emp, false))).toBe('CARD_ALREADY_BLOCKED');
    res = await toggle(emp, true);
    expect(res.json()).toMatchObject({ status: 'active', is_active: true, blocked: null });
    res = await put(t, '/api/card/toggle/', emp.auth, { is_active: 'yes' });
    expect(res.statusCode).toBe(400);
  });

  it('sends a new PIN by SMS through the issuer (in the outbox), never in the answer', async () => {
    const emp = await a.employee();
    await createActiveCard(t.db, a.company.id, emp.employee.id, '9876');
    const res = await post(t, '/api/card/reset_pin/', emp.auth, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/\b\d{4}\b(?!.*9876)/);
    const [sms] = await messagesTo(t, emp.user.phone!, 'sms');
    expect(sms?.body).toMatch(/nouveau code PIN de votre carte Tasbiq •••• 9876 est \d{4}\./);
  });

  it('an advance paid to the card shows in its balance and activity; the ledger still sums to zero', async () => {
    const emp = await a.employee();
    const card = await createActiveCard(t.db, a.company.id, emp.employee.id, '5555');
    const created = await post(t, '/api/advances/', emp.auth, { amount: 700, payout_method: 'card' });
    expect(created.statusCode, created.body).toBe(201);
    await t.ctx.jobs.drain();

    let balance = (await get(t, '/api/card/balance', emp.auth)).json();
    expect(balance).toEqual({ balance: '700.00', last4: '5555' });
    expect(await issuerSandbox(t).spend(card.id, 12_050n, 'Marjane Californie')).toBe('ok');
    expect(await issuerSandbox(t).spend(card.id, 1_000_000n, 'Trop cher')).toBe('refused');

    const activity = (await get(t, '/api/card/transactions', emp.auth)).json();
    expect(activity).toMatchObject({ total_credit: '700.00', total_debit: '120.50', balance: '579.50' });
    expect(
      activity.results.map((m: { type: string; amount: string; balance: string }) => [
        m.type,
        m.amount,
        m.balance,
      ]),
    ).toEqual([
      ['2', '120.50', '579.50'],
      ['1', '700.00', '700.00'],
    ]);
    expect(activity.results[1].label).toBe(`Avance sur salaire n° ${created.json().id}`);
    balance = (await get(t, '/api/card/balance', emp.auth)).json();
    expect(balance.balance).toBe('579.50');

    // Another month is empty; a bad month is a field error.
    const past = (await get(t, '/api/card/transactions?month=1&year=2020', emp.auth)).json();
    expect(past).toMatchObject({ month: 1, year: 2020, results: [], balance: '579.50' });
    const bad = await get(t, '/api/card/transactions?month=13', emp.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].attr).toBe('month');

    expect(await ledgerInconsistencies(t.db)).toEqual({ unbalanced: [], drift: [] });
  });
});

describe('tenancy', () => {
  it('an employee sees only their own card; HR of the company sees it; another company’s HR gets 404', async () => {
    const owner = await a.employee();
    const other = await a.employee();
    await createActiveCard(t.db, a.company.id, owner.employee.id, '4321');
    expect((await get(t, '/api/card/', other.auth)).json()).toEqual({ card: null, order: null });
    expect(codeOf(await toggle(other, false))).toBe('NO_CARDS_FOUND');

    const hr = await get(t, `/api/employees/${owner.employee.id}/card`, a.rh.auth);
    expect(hr.statusCode, hr.body).toBe(200);
    expect(hr.json().card).toMatchObject({ status: 'active', last4: '4321', has_signed_contract: false });
    expect((await get(t, `/api/employees/${other.employee.id}/card`, a.rh.auth)).json()).toEqual({
      card: null,
    });

    const foreign = await get(t, `/api/employees/${owner.employee.id}/card`, b.rh.auth);
    expect(foreign.statusCode).toBe(404);
    const plain = await get(t, `/api/employees/${owner.employee.id}/card`, other.auth);
    expect(plain.statusCode).toBe(403);
  });

  it('a card’s order is looked up in the card’s company only (another company’s id finds nothing)', async () => {
    const owner = await a.employee();
    const { card, order } = await orderCardFor(t, owner);
    expect((await findOrderOfCard(t.db, a.company.id, card.id))?.id).toBe(order.id);
    expect(await findOrderOfCard(t.db, b.company.id, card.id)).toBeNull();
  });

  it('HR cannot see cards when the company has no card feature', async () => {
    await t.db.update(companies).set({ cardsEnabled: false }).where(eq(companies.id, b.company.id));
    const emp = await b.employee();
    const res = await get(t, `/api/employees/${emp.employee.id}/card`, b.rh.auth);
    expect(res.statusCode).toBe(403);
    await t.db.update(companies).set({ cardsEnabled: true }).where(eq(companies.id, b.company.id));
  });
});
