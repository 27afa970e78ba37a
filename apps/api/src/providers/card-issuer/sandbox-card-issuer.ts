import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cardTransactions, sandboxIssuedCards } from '../../db/schema/cards.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { centimesToWire } from '../../lib/money.ts';
import {
  createSandboxPayoutOperations,
  dirhams,
  type PayoutSandboxControl,
} from '../sandbox-payout-operations.ts';
import type { CardIssuerEvent, CardIssuerProvider, CardMovement } from './card-issuer-provider.ts';

/**
 * Documented magic values, so a person trying the demo (or an end-to-end test) can see a failed
 * card payout: a load of exactly 1 313 DH (or 13 DH) is refused as if the card were blocked.
 */
export const SANDBOX_CARD_FAILING_AMOUNTS_CENTIMES = [1_300n, 131_300n] as const;
export const SANDBOX_CARD_BLOCKED_REASON = 'Carte bloquée par l’émetteur';
/** Answer of a load made to fail with `sandbox.failNext()`. */
export const SANDBOX_CARD_REFUSED_REASON = 'Chargement de la carte refusé par l’émetteur';
export const SANDBOX_CARD_ASSIGN_FAILED_REASON = 'Commande refusée par l’émetteur de la carte';
export const SANDBOX_CARD_DELIVERY_FAILED_REASON =
  'Livraison impossible : le livreur n’a pas pu vous joindre';
/** The job that moves a sandbox card to its next stage. */
export const SANDBOX_CARD_PROGRESS_JOB = 'sandbox.card-issuer.progress';
/** A sandbox BIN that no real card uses, so a demo number is never mistaken for a real one. */
const SANDBOX_BIN = '533317';

export type CardIssuerFailureStage = 'none' | 'assign' | 'deliver';

export type SandboxCardIssuerOptions = {
  latencyMs?: number;
  /** Seconds from the order to the number's assignment, and from there to the delivery. */
  assignDelaySeconds: number;
  deliverDelaySeconds: number;
  /** Every order fails at this stage (demo of a refusal); `failNextOrder` does it for one. */
  failure: CardIssuerFailureStage;
};

export type CardIssuerSandboxControl = PayoutSandboxControl & {
  /** Registers the worker that moves sandbox cards along (app.ts, before the queue starts). */
  attach(jobs: JobQueue): Promise<void>;
  /** The next new order fails at `stage`. */
  failNextOrder(stage: Exclude<CardIssuerFailureStage, 'none'>): void;
  /** Moves a card to its next stage now (operator command, tests); returns the event, or null. */
  advanceNow(issuerReference: string): Promise<CardIssuerEvent | null>;
  /** A purchase with the card (demo and tests of debits): refused when blocked or not enough money. */
  spend(cardId: number, amountCentimes: bigint, label: string): Promise<'ok' | 'refused'>;
  /** The full number the sandbox printed on a card: what the employee reads on it (tests, demo). */
  printedNumber(issuerReference: string): Promise<string | null>;
};

function luhnDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i += 1) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

function newCardNumber(): string {
  let body = SANDBOX_BIN;
  while (body.length < 15) body += String(randomInt(0, 10));
  return body + luhnDigit(body);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The sandbox card issuer. Loads are recorded in sandbox_operations ('card_issuer'); the cards it
 * made in sandbox_issued_cards (with the full number, which only the issuer holds); the money on
 * each card in card_transactions. Orders move ordered → assigned → delivered by background jobs
 * after the configured delays, and each move is told to the registered handler like a webhook.
 */
export function createSandboxCardIssuer(
  db: Db,
  options: SandboxCardIssuerOptions,
): CardIssuerProvider & { sandbox: CardIssuerSandboxControl } {
  const operations = createSandboxPayoutOperations(db, {
    provider: 'card_issuer',
    channel: 'card',
    referencePrefix: 'CRD',
    refusedReason: SANDBOX_CARD_REFUSED_REASON,
    latencyMs: options.latencyMs ?? 0,
  });
  const handlers: Array<(event: CardIssuerEvent) => Promise<void>> = [];
  const plannedFailures: Array<Exclude<CardIssuerFailureStage, 'none'>> = [];
  const failureOf = new Map<string, CardIssuerFailureStage>();
  let jobs: JobQueue | null = null;

  async function issued(issuerReference: string) {
    const [row] = await db
      .select()
      .from(sandboxIssuedCards)
      .where(eq(sandboxIssuedCards.issuerReference, issuerReference));
    return row ?? null;
  }

  async function setStage(issuerReference: string, stage: typeof sandboxIssuedCards.$inferSelect.stage) {
    await db
      .update(sandboxIssuedCards)
      .set({ stage, updatedAt: sql`now()` })
      .where(eq(sandboxIssuedCards.issuerReference, issuerReference));
  }

  async function emit(event: CardIssuerEvent) {
    for (const handler of handlers) await handler(event);
  }

  /** One step of a card's delivery; the job and the operator command both come here. */
  async function advance(issuerReference: string): Promise<CardIssuerEvent | null> {
    const card = await issued(issuerReference);
    if (!card) return null;
    const failure = failureOf.get(issuerReference) ?? options.failure;
    let event: CardIssuerEvent | null = null;
    if (card.stage === 'ordered') {
      if (failure === 'assign') {
        await setStage(issuerReference, 'failed');
        event = {
          issuerReference,
          cardId: card.cardId,
          stage: 'failed',
          reason: SANDBOX_CARD_ASSIGN_FAILED_REASON,
        };
      } else {
        const number = newCardNumber();
        await db
          .update(sandboxIssuedCards)
          .set({ stage: 'assigned', cardNumber: number, updatedAt: sql`now()` })
          .where(
            and(
              eq(sandboxIssuedCards.issuerReference, issuerReference),
              eq(sandboxIssuedCards.stage, 'ordered'),
            ),
          );
        event = { issuerReference, cardId: card.cardId, stage: 'assigned', last4: number.slice(-4) };
        // Delivery is scheduled only once this event has been handled: with no delay, a
        // « delivered » applied before « assigned » would find the card still ordered and be lost.
        await emit(event);
        await jobs?.send(
          SANDBOX_CARD_PROGRESS_JOB,
          { issuerReference },
          { startAfterSeconds: options.deliverDelaySeconds, singletonKey: `${issuerReference}:deliver` },
        );
        return event;
      }
    } else if (card.stage === 'assigned') {
      if (failure === 'deliver') {
        await setStage(issuerReference, 'failed');
        event = {
          issuerReference,
          cardId: card.cardId,
          stage: 'failed',
          reason: SANDBOX_CARD_DELIVERY_FAILED_REASON,
        };
      } else {
        await setStage(issuerReference, 'delivered');
        event = { issuerReference, cardId: card.cardId, stage: 'delivered' };
      }
    }
    if (event) await emit(event);
    return event;
  }

  /** The card's balance: the last movement's running balance (0 before any). */
  async function balanceOf(tx: DbOrTx, cardId: number) {
    const [last] = await tx
      .select({ balance: cardTransactions.balanceAfterCentimes })
      .from(cardTransactions)
      .where(eq(cardTransactions.cardId, cardId))
      .orderBy(desc(cardTransactions.id))
      .limit(1);
    return last?.balance ?? 0n;
  }

  /** Adds one movement under the card's row lock, so two at once keep the running balance right. */
  async function record(
    cardId: number,
    movement: { type: '1' | '2'; amountCentimes: bigint; label: string; reference: string },
  ): Promise<'ok' | 'refused'> {
    return db.transaction(async (tx) => {
      await tx
        .select({ id: prepaidCards.id })
        .from(prepaidCards)
        .where(eq(prepaidCards.id, cardId))
        .for('update');
      const before = await balanceOf(tx, cardId);
      const after =
        movement.type === '1' ? before + movement.amountCentimes : before - movement.amountCentimes;
      if (after < 0n) return 'refused';
      await tx
        .insert(cardTransactions)
        .values({ cardId, ...movement, balanceAfterCentimes: after })
        .onConflictDoNothing();
      return 'ok';
    });
  }

  const sandbox: CardIssuerSandboxControl = {
    get latencyMs() {
      return operations.sandbox.latencyMs;
    },
    set latencyMs(value: number) {
      operations.sandbox.latencyMs = value;
    },
    failNext: (count) => operations.sandbox.failNext(count),
    breakNext: (count) => operations.sandbox.breakNext(count),
    async attach(queue) {
      jobs = queue;
      await queue.work<{ issuerReference: string }>(
        SANDBOX_CARD_PROGRESS_JOB,
        async ({ issuerReference }) => {
          await advance(issuerReference);
        },
        { retryLimit: 5, retryDelaySeconds: 5 },
      );
    },
    failNextOrder(stage) {
      plannedFailures.push(stage);
    },
    advanceNow: advance,
    async spend(cardId, amountCentimes, label) {
      const [card] = await db
        .select({ stage: sandboxIssuedCards.stage })
        .from(sandboxIssuedCards)
        .where(eq(sandboxIssuedCards.cardId, cardId));
      if (card && card.stage !== 'active') return 'refused';
      return record(cardId, {
        type: '2',
        amountCentimes,
        label,
        reference: `spend:${cardId}:${randomBytes(8).toString('hex')}`,
      });
    },
    async printedNumber(issuerReference) {
      return (await issued(issuerReference))?.cardNumber ?? null;
    },
  };

  return {
    sandbox,
    find: operations.find,
    async load(request) {
      const amount = `${dirhams(request.amountCentimes)} DH`;
      const card = request.last4 ? `carte •••• ${request.last4}` : `carte n° ${request.cardId}`;
      const result = await operations.perform({
        reference: request.reference,
        amountCentimes: request.amountCentimes,
        request: {
          card_id: request.cardId,
          last4: request.last4,
          amount: centimesToWire(request.amountCentimes),
          label: request.label,
        },
        magicFailure: (SANDBOX_CARD_FAILING_AMOUNTS_CENTIMES as readonly bigint[]).includes(
          request.amountCentimes,
        )
          ? SANDBOX_CARD_BLOCKED_REASON
          : null,
        outbox: {
          recipient: card,
          subject: `Chargement carte ${amount}`,
          sent: `Chargement de ${amount} sur la ${card} (${request.label}).`,
          failed: (reason) => `Chargement de ${amount} sur la ${card} refusé : ${reason}.`,
        },
      });
      // The money lands on the card's book once per reference (a replay finds the movement there).
      if (result.status === 'succeeded')
        await record(request.cardId, {
          type: '1',
          amountCentimes: request.amountCentimes,
          label: request.label,
          reference: request.reference,
        });
      return result;
    },
    async orderCard(request) {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      const issuerReference = `ISS-${request.cardId}-${randomBytes(6).toString('hex').toUpperCase()}`;
      await db
        .insert(sandboxIssuedCards)
        .values({ issuerReference, cardId: request.cardId, stage: 'ordered' });
      const planned = plannedFailures.shift();
      if (planned) failureOf.set(issuerReference, planned);
      await jobs?.send(
        SANDBOX_CARD_PROGRESS_JOB,
        { issuerReference },
        { startAfterSeconds: options.assignDelaySeconds, singletonKey: `${issuerReference}:assign` },
      );
      return { issuerReference };
    },
    async verifyCardNumber(issuerReference, cardNumber) {
      const card = await issued(issuerReference);
      return card?.cardNumber === cardNumber;
    },
    async activate(issuerReference) {
      await setStage(issuerReference, 'active');
    },
    async setBlocked(issuerReference, blocked) {
      await setStage(issuerReference, blocked ? 'blocked' : 'active');
    },
    async resetPin(issuerReference, phone, last4) {
      const pin = String(randomInt(0, 10_000)).padStart(4, '0');
      await db
        .update(sandboxIssuedCards)
        .set({ pinHash: sha256(`${issuerReference}:${pin}`), updatedAt: sql`now()` })
        .where(eq(sandboxIssuedCards.issuerReference, issuerReference));
      const card = last4 ? `•••• ${last4}` : '';
      await db.insert(outboxMessages).values({
        channel: 'sms',
        recipient: phone,
        subject: null,
        body: `Le nouveau code PIN de votre carte Tasbiq ${card} est ${pin}. Ne le communiquez à personne.`,
      });
    },
    balance: (cardId) => balanceOf(db, cardId),
    async movements(cardId, from, to): Promise<CardMovement[]> {
      const rows = await db
        .select()
        .from(cardTransactions)
        .where(
          and(
            eq(cardTransactions.cardId, cardId),
            gte(cardTransactions.createdAt, from),
            lt(cardTransactions.createdAt, to),
          ),
        )
        .orderBy(desc(cardTransactions.createdAt), desc(cardTransactions.id));
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        amountCentimes: row.amountCentimes,
        balanceAfterCentimes: row.balanceAfterCentimes,
        label: row.label,
        at: row.createdAt,
      }));
    },
    onEvent(handler) {
      handlers.push(handler);
    },
  };
}
