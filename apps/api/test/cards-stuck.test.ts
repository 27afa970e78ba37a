import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepaidCards } from '../src/db/schema/money.ts';
import { runCinCheck } from '../src/modules/cards/check-job.ts';
import {
  CARD_NOT_PLACED_REASON,
  GIVE_UP_CARD_SECONDS,
  STUCK_CARD_SECONDS,
  sweepStuckCards,
} from '../src/modules/cards/stuck-cards.ts';
import { createTenant, get, type Person, type Tenant } from './advances-helpers.ts';
import { acceptedOrderFor } from './cards-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Cards accepted but never placed with the issuer (orderCard failed): the retry and the sweeper. */
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp({
    CARD_ISSUER_SANDBOX_ASSIGN_SECONDS: 3600,
    CARD_ISSUER_SANDBOX_DELIVER_SECONDS: 3600,
  });
  a = await createTenant(t);
});
afterAll(() => t.close());

/** An order whose CIN check passed and whose card was created, but orderCard never answered. */
async function acceptedNotPlaced(person: Person) {
  const accepted = await acceptedOrderFor(t, person);
  expect(accepted.card).toMatchObject({ status: 'ordered', issuerReference: null });
  return accepted;
}

const cardOf = async (id: number) =>
  (await t.db.select().from(prepaidCards).where(eq(prepaidCards.id, id)))[0]!;
const secondsAfter = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);
const deps = () => ({ db: t.db, issuer: t.ctx.payouts.card });

describe('a CIN-check job retried after orderCard failed', () => {
  it('places the accepted order’s card with the issuer instead of skipping it', async () => {
    const { order, card } = await acceptedNotPlaced(await a.employee());
    expect(await runCinCheck(t.ctx, order.id)).toBe('accepted');
    const placed = await cardOf(card.id);
    expect(placed.status).toBe('ordered');
    expect(placed.issuerReference).toMatch(/^ISS-/);
    // Once more: nothing changes, the issuer is not asked twice.
    await runCinCheck(t.ctx, order.id);
    expect((await cardOf(card.id)).issuerReference).toBe(placed.issuerReference);
  });
});

describe('the stuck-cards sweeper', () => {
  it('leaves a young card, re-drives one past the bound, cancels one past the give-up bound', async () => {
    const young = await acceptedNotPlaced(await a.employee());
    const createdAt = young.card.createdAt;
    expect(await sweepStuckCards(deps(), secondsAfter(createdAt, STUCK_CARD_SECONDS - 5))).toEqual({
      redriven: 0,
      canceled: 0,
      failed: 0,
    });
    expect((await cardOf(young.card.id)).issuerReference).toBeNull();

    // The issuer is down: the sweep says so and the card waits.
    const failing = { ...deps().issuer, orderCard: () => Promise.reject(new Error('issuer down')) };
    const errors: number[] = [];
    const down = await sweepStuckCards(
      { db: t.db, issuer: failing, onError: (id) => errors.push(id) },
      secondsAfter(createdAt, STUCK_CARD_SECONDS + 5),
    );
    expect(down).toMatchObject({ redriven: 0, failed: 1 });
    expect(errors).toEqual([young.card.id]);
    expect((await cardOf(young.card.id)).status).toBe('ordered');

    // Back up: placed.
    const up = await sweepStuckCards(deps(), secondsAfter(createdAt, STUCK_CARD_SECONDS + 5));
    expect(up).toMatchObject({ redriven: 1, canceled: 0 });
    expect((await cardOf(young.card.id)).issuerReference).toMatch(/^ISS-/);

    // A card nobody could place for a day is canceled with its French reason; a new order may follow.
    const person = await a.employee();
    const old = await acceptedNotPlaced(person);
    const late = await sweepStuckCards(
      { db: t.db, issuer: failing },
      secondsAfter(old.card.createdAt, GIVE_UP_CARD_SECONDS + 5),
    );
    expect(late.canceled).toBe(1);
    expect(await cardOf(old.card.id)).toMatchObject({
      status: 'canceled',
      cancelReason: CARD_NOT_PLACED_REASON,
    });
    const state = (await get(t, '/api/card/', person.auth)).json();
    expect(state.card?.status ?? null).not.toBe('ordered');
    // The placed card is never canceled, however late the sweep.
    await sweepStuckCards(deps(), secondsAfter(createdAt, GIVE_UP_CARD_SECONDS * 3));
    expect((await cardOf(young.card.id)).status).toBe('ordered');
  });
});
