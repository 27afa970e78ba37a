import { eq } from 'drizzle-orm';
import { prepaidCards } from '../src/db/schema/money.ts';
import { acceptCardOrder, createCardOrder } from '../src/modules/cards/order-service.ts';
import { submitCardToIssuer } from '../src/modules/cards/service.ts';
import type { Person } from './advances-helpers.ts';
import type { TestApp } from './test-app.ts';

/** The smallest valid PNG (1×1): what the storage holds in tests that do not read the CIN. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export function cardDeps(t: TestApp) {
  return { db: t.db, issuer: t.ctx.payouts.card };
}

export function issuerSandbox(t: TestApp) {
  const sandbox = t.ctx.payouts.card.sandbox;
  if (!sandbox) throw new Error('The test app has no sandbox card issuer.');
  return sandbox;
}

/**
 * A card ordered for `person` through the order services, as if its CIN check had passed:
 * order recorded with stored images, accepted, sent to the (sandbox) issuer.
 */
export async function orderCardFor(t: TestApp, person: Person) {
  const companyId = person.employee.companyId;
  const order = await createCardOrder(t.db, {
    companyId,
    employeeId: person.employee.id,
    cityId: 1,
    address: '12 rue des Orangers',
    area: 'Maârif',
    zip: '20330',
    phone: person.user.phone!,
    cinFrontKey: await t.ctx.storage.put(TINY_PNG, { prefix: 'cin', extension: 'png' }),
    cinBackKey: await t.ctx.storage.put(TINY_PNG, { prefix: 'cin', extension: 'png' }),
  });
  const accepted = await acceptCardOrder(t.db, order.id, {
    cin: person.user.cin!,
    lastName: person.user.lastName.toUpperCase(),
    firstName: person.user.firstName.toUpperCase(),
    birthday: '1990-04-12',
    expiry: '2031-06-30',
  });
  const card = await submitCardToIssuer(cardDeps(t), accepted!.card.id);
  return { order: accepted!.order, card };
}

export async function cardRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(prepaidCards).where(eq(prepaidCards.id, id));
  return row!;
}

/** The sandbox issuer moves the card one stage (assigned, then delivered), as its job would. */
export async function advanceCard(t: TestApp, cardId: number) {
  const card = await cardRow(t, cardId);
  return issuerSandbox(t).advanceNow(card.issuerReference!);
}

export async function deliverCard(t: TestApp, cardId: number) {
  await advanceCard(t, cardId);
  await advanceCard(t, cardId);
  return cardRow(t, cardId);
}

/** The number printed on the card, as the employee reads it. */
export async function printedNumber(t: TestApp, cardId: number) {
  const card = await cardRow(t, cardId);
  return (await issuerSandbox(t).printedNumber(card.issuerReference!))!;
}

export function put(t: TestApp, url: string, auth: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'PUT', url, headers: auth, payload: payload as object });
}
