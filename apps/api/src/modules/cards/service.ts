/**
 * The card's life after the order (spec §4 Card, §7 Card; issue 11; decision 032): the issuer's
 * events (assigned, delivered, failed), confirming receipt with the printed number, block and
 * unblock, a new PIN, the balance and the activity. Every move is one conditional UPDATE on the
 * statuses that may precede it (card-life.ts); the issuer is called outside any transaction.
 */
import type { TCardActivity, TCardBalance, TCardState } from '@tasbiq/contracts/cards';
import type { TCardStatus } from '@tasbiq/contracts/money';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { AppError } from '../../lib/errors.ts';
import { centimesToWire } from '../../lib/money.ts';
import { casablancaMonth, casablancaMonthRange } from '../../lib/time.ts';
import type {
  CardIssuerEvent,
  CardIssuerProvider,
} from '../../providers/card-issuer/card-issuer-provider.ts';
import { confirmReceiptRefusal, predecessorsOf, resetPinRefusal, toggleRefusal } from './card-life.ts';
import {
  type CardRow,
  findCardByIssuerReference,
  findCurrentCard,
  findHolder,
  findLatestOrder,
  findOrderOfCard,
} from './queries.ts';
import { serializeCard, serializeCardOrder, serializeMovement } from './serialize.ts';

export type CardDeps = { db: Db; issuer: CardIssuerProvider };
/** Who is asking: from the session, never the body. */
export type CardCaller = { userId: number; companyId: number; employeeId: number };

type CardChanges = PgUpdateSetSource<typeof prepaidCards>;

/** Moves a card to `to` if it is in a status that may precede it; null when it was not. */
export async function moveCard(
  db: DbOrTx,
  cardId: number,
  to: TCardStatus,
  changes: CardChanges = {},
  /** Narrower than every predecessor, when the action allows only some (signing: receipt_confirmed). */
  from: TCardStatus[] = predecessorsOf(to),
): Promise<CardRow | null> {
  const allowed = from.filter((status) => predecessorsOf(to).includes(status));
  const [moved] = await db
    .update(prepaidCards)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(and(eq(prepaidCards.id, cardId), inArray(prepaidCards.status, allowed)))
    .returning();
  return moved ?? null;
}

const refused = (code: string, status = 400) => new AppError(code, { status });
const noCard = () => refused('NO_CARDS_FOUND', 404);
const issuerDown = () => refused('CARD_ISSUER_UNAVAILABLE', 503);

/** The caller's live card, or 404 NO_CARDS_FOUND. */
async function liveCardOf(db: DbOrTx, caller: CardCaller): Promise<CardRow> {
  const card = await findCurrentCard(db, caller.companyId, caller.employeeId);
  if (!card || card.status === 'canceled') throw noCard();
  return card;
}

/** Calls the issuer; an outage is a 503 the person may retry, never a 500. */
async function askIssuer<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    throw issuerDown();
  }
}

/** GET /card/: the card and the order under check (or refused since the last card). */
export async function getCardState(db: DbOrTx, caller: CardCaller): Promise<TCardState> {
  const card = await findCurrentCard(db, caller.companyId, caller.employeeId);
  const latestOrder = await findLatestOrder(db, caller.companyId, caller.employeeId);
  const cardOrder = card ? await findOrderOfCard(db, card.companyId, card.id) : null;
  // The latest order matters when it is not the live card's own: under check, or refused.
  const order =
    latestOrder && latestOrder.status !== 'accepted' && (!card || latestOrder.createdAt >= card.createdAt)
      ? latestOrder
      : null;
  return {
    card: card ? serializeCard(card, cardOrder) : null,
    order: order ? serializeCardOrder(order) : null,
  };
}

/**
 * An event from the issuer (a webhook in production, the sandbox's jobs here). Applied once:
 * a repeated or late event finds the card already moved and changes nothing.
 */
export async function applyIssuerEvent(db: DbOrTx, event: CardIssuerEvent): Promise<CardRow | null> {
  const card =
    (await findCardByIssuerReference(db, event.issuerReference)) ?? (await claimIssuerReference(db, event));
  if (!card) return null;
  if (event.stage === 'assigned')
    return moveCard(db, card.id, 'assigned', { last4: event.last4, assignedAt: sql`now()` });
  if (event.stage === 'delivered') return moveCard(db, card.id, 'delivered', { deliveredAt: sql`now()` });
  return moveCard(db, card.id, 'canceled', { canceledAt: sql`now()`, cancelReason: event.reason });
}

/**
 * An event that overtook `orderCard`'s answer (the issuer works as soon as it has the order):
 * the card our reference names takes the issuer's reference now, so the event is not lost.
 */
async function claimIssuerReference(db: DbOrTx, event: CardIssuerEvent): Promise<CardRow | null> {
  const [claimed] = await db
    .update(prepaidCards)
    .set({ issuerReference: event.issuerReference, updatedAt: sql`now()` })
    // `or = reference`: orderCard's answer may be stored between our read and this update.
    .where(
      and(
        eq(prepaidCards.id, event.cardId),
        or(isNull(prepaidCards.issuerReference), eq(prepaidCards.issuerReference, event.issuerReference)),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Sends an accepted order's card to the issuer, once (a retried job finds the reference set). */
export async function submitCardToIssuer(deps: CardDeps, cardId: number): Promise<CardRow> {
  const [card] = await deps.db.select().from(prepaidCards).where(eq(prepaidCards.id, cardId));
  if (!card) throw new Error(`Card ${cardId} vanished.`);
  if (card.issuerReference || card.status !== 'ordered') return card;
  const holder = await findHolder(deps.db, card.companyId, card.employeeId);
  const order = await findOrderOfCard(deps.db, card.companyId, card.id);
  if (!holder || !order) throw new Error(`Card ${cardId} has no holder or order.`);
  const { issuerReference } = await deps.issuer.orderCard({
    cardId: card.id,
    holder: {
      firstName: order.reading?.firstName ?? holder.firstName,
      lastName: order.reading?.lastName ?? holder.lastName,
      cin: holder.cin ?? '',
      phone: order.phone,
    },
    delivery: { city: String(order.cityId), address: order.address, area: order.area, zip: order.zip },
  });
  const [updated] = await deps.db
    .update(prepaidCards)
    .set({ issuerReference, updatedAt: sql`now()` })
    .where(and(eq(prepaidCards.id, cardId), sql`${prepaidCards.issuerReference} is null`))
    .returning();
  if (updated) return updated;
  // An issuer event got here first and stored the reference (claimIssuerReference).
  const [current] = await deps.db.select().from(prepaidCards).where(eq(prepaidCards.id, cardId));
  return current ?? card;
}

/** POST /card/confirm_delivery/: the number printed on the card must be the issuer's. */
export async function confirmCardReceipt(deps: CardDeps, caller: CardCaller, cardNumber: string) {
  const card = await liveCardOf(deps.db, caller);
  const refusal = confirmReceiptRefusal(card.status);
  if (refusal) throw refused(refusal, refusal === 'NO_CARDS_FOUND' ? 404 : 400);
  const matches =
    card.issuerReference !== null &&
    card.last4 === cardNumber.slice(-4) &&
    (await askIssuer(() => deps.issuer.verifyCardNumber(card.issuerReference!, cardNumber)));
  if (!matches) throw refused('WRONG_CARD_NUMBER');
  const moved = await moveCard(deps.db, card.id, 'receipt_confirmed', {
    receiptConfirmedAt: sql`now()`,
  });
  if (!moved) throw refused('RECEIPT_ALREADY_CONFIRMED');
  return serializeCard(moved, await findOrderOfCard(deps.db, moved.companyId, moved.id));
}

/** PUT /card/toggle/ {is_active}: the employee blocks (false) or unblocks (true) at once. */
export async function toggleCard(deps: CardDeps, caller: CardCaller, isActive: boolean) {
  const card = await liveCardOf(deps.db, caller);
  const refusal = toggleRefusal(card.status, isActive);
  if (refusal) throw refused(refusal, refusal === 'NO_CARDS_FOUND' ? 404 : 400);
  // The issuer first: a card blocked at the issuer but not yet here is safe; the reverse is not.
  await askIssuer(() => deps.issuer.setBlocked(card.issuerReference ?? `card:${card.id}`, !isActive));
  const moved = isActive
    ? await moveCard(deps.db, card.id, 'active', { blockedAt: null })
    : await moveCard(deps.db, card.id, 'blocked', { blockedAt: sql`now()` });
  if (!moved) throw refused(isActive ? 'CARD_NOT_BLOCKED' : 'CARD_ALREADY_BLOCKED');
  return serializeCard(moved, await findOrderOfCard(deps.db, moved.companyId, moved.id));
}

/** POST /card/reset_pin/: the issuer sends a new PIN by SMS to the card's phone. */
export async function resetCardPin(deps: CardDeps, caller: CardCaller) {
  const card = await liveCardOf(deps.db, caller);
  const refusal = resetPinRefusal(card.status);
  if (refusal) throw refused(refusal);
  const order = await findOrderOfCard(deps.db, card.companyId, card.id);
  const holder = await findHolder(deps.db, caller.companyId, caller.employeeId);
  const phone = order?.phone ?? holder?.phone;
  if (!phone) throw refused('PHONE_MISSING');
  await askIssuer(() => deps.issuer.resetPin(card.issuerReference ?? `card:${card.id}`, phone, card.last4));
  return { detail: 'Un nouveau code PIN vous a été envoyé par SMS.', phone };
}

/** A card that has money on it: active or blocked (the balance stays readable while blocked). */
async function heldCardOf(db: DbOrTx, caller: CardCaller): Promise<CardRow> {
  const card = await liveCardOf(db, caller);
  if (card.status !== 'active' && card.status !== 'blocked') throw refused('CARD_NOT_ACTIVE');
  return card;
}

export async function getCardBalance(deps: CardDeps, caller: CardCaller): Promise<TCardBalance> {
  const card = await heldCardOf(deps.db, caller);
  const balance = await askIssuer(() => deps.issuer.balance(card.id));
  return { balance: centimesToWire(balance), last4: card.last4 };
}

/** GET /card/transactions?month=&year=: one Casablanca month (the current one by default). */
export async function getCardActivity(
  deps: CardDeps,
  caller: CardCaller,
  period: { month?: number; year?: number },
  now: Date = new Date(),
): Promise<TCardActivity> {
  const card = await heldCardOf(deps.db, caller);
  const current = casablancaMonth(now);
  const year = period.year ?? current.year;
  const month = period.month ?? current.month;
  const { start, end } = casablancaMonthRange(year, month);
  const [movements, balance] = await askIssuer(() =>
    Promise.all([deps.issuer.movements(card.id, start, end), deps.issuer.balance(card.id)]),
  );
  let credit = 0n;
  let debit = 0n;
  for (const m of movements) {
    if (m.type === '1') credit += m.amountCentimes;
    else debit += m.amountCentimes;
  }
  return {
    month,
    year,
    total_credit: centimesToWire(credit),
    total_debit: centimesToWire(debit),
    balance: centimesToWire(balance),
    results: movements.map(serializeMovement),
  };
}

/**
 * The platform operator moves a card by hand (`npm run admin -- card-move`): `assigned` and
 * `delivered` go through the sandbox issuer like its own jobs; `canceled` records the reason.
 */
export async function operatorMoveCard(
  deps: CardDeps & { advanceSandbox?: (issuerReference: string) => Promise<CardIssuerEvent | null> },
  cardId: number,
  to: 'assigned' | 'delivered' | 'canceled',
  reason = 'Commande annulée par l’opérateur',
): Promise<CardRow> {
  const [card] = await deps.db.select().from(prepaidCards).where(eq(prepaidCards.id, cardId));
  if (!card) throw new AppError('not_found', { status: 404 });
  const expected: TCardStatus = to === 'assigned' ? 'ordered' : to === 'delivered' ? 'assigned' : card.status;
  if (!predecessorsOf(to).includes(card.status) || card.status !== expected)
    throw refused('CARD_TRANSITION_NOT_ALLOWED');
  if (to === 'canceled') {
    const moved = await moveCard(deps.db, cardId, 'canceled', {
      canceledAt: sql`now()`,
      cancelReason: reason,
    });
    if (!moved) throw refused('CARD_TRANSITION_NOT_ALLOWED');
    return moved;
  }
  if (!card.issuerReference || !deps.advanceSandbox) throw refused('CARD_TRANSITION_NOT_ALLOWED');
  const event = await deps.advanceSandbox(card.issuerReference);
  // The sandbox told its handler already when one is registered; applying again changes nothing.
  if (event) await applyIssuerEvent(deps.db, event);
  const [after] = await deps.db.select().from(prepaidCards).where(eq(prepaidCards.id, cardId));
  return after!;
}
