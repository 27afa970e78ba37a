import { crc32, deflateSync } from 'node:zlib';
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
 * An order for `person` whose CIN check passed: recorded with stored images and accepted, its card
 * created `ordered` — not yet sent to the issuer (as when orderCard failed).
 */
export async function acceptedOrderFor(t: TestApp, person: Person) {
  const order = await createCardOrder(t.db, {
    companyId: person.employee.companyId,
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
  return accepted!;
}

/**
 * A card ordered for `person` through the order services, as if its CIN check had passed:
 * order recorded with stored images, accepted, sent to the (sandbox) issuer.
 */
export async function orderCardFor(t: TestApp, person: Person) {
  const accepted = await acceptedOrderFor(t, person);
  const card = await submitCardToIssuer(cardDeps(t), accepted.card.id);
  return { order: accepted.order, card };
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

/**
 * A signature as signature_pad gives it: a transparent RGBA PNG with a dark stroke (a wave and a
 * flourish), encoded here with zlib so the test needs no image library.
 */
export function drawnSignaturePng(width = 320, height = 110): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  const dot = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx += 1)
      for (let dy = -1; dy <= 1; dy += 1) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const at = (py * width + px) * 4;
        pixels.set([20, 30, 60, 255], at);
      }
  };
  for (let x = 10; x < width - 10; x += 0.5) dot(x, height / 2 + Math.sin(x / 14) * (height / 4));
  for (let a = 0; a < Math.PI * 2; a += 0.02)
    dot(width - 60 + Math.cos(a) * 25, height / 2 + Math.sin(a) * 18);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1)
    pixels.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const signatureDataUrl = (png = drawnSignaturePng()) =>
  `data:image/png;base64,${png.toString('base64')}`;

/** A card taken to receipt_confirmed through the issuer and the confirm route. */
export async function cardReadyToSign(t: TestApp, person: Person) {
  const { card, order } = await orderCardFor(t, person);
  await deliverCard(t, card.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/card/confirm_delivery/',
    headers: person.auth,
    payload: { card_number: await printedNumber(t, card.id) },
  });
  if (res.statusCode !== 200) throw new Error(`confirm_delivery: ${res.body}`);
  return { card: await cardRow(t, card.id), order };
}

/** A card taken all the way to active: delivered, receipt confirmed, contract signed. */
export async function activeCardFor(t: TestApp, person: Person) {
  const { card, order } = await cardReadyToSign(t, person);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/card/sign_contract/',
    headers: person.auth,
    payload: { signature: signatureDataUrl() },
  });
  if (res.statusCode !== 200) throw new Error(`sign_contract: ${res.body}`);
  return { card: await cardRow(t, card.id), order };
}

/** A multipart body as the order form's FormData sends it (files under their field names). */
export async function multipartBody(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [name, data] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(data)], { type: 'image/png' }), `${name}.png`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const ORDER_FIELDS = { city: '1', address: '12 rue Ibn Batouta', area: 'Maârif', zip: '20330' };
