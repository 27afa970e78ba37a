/**
 * Cards accepted but never placed with the issuer: `orderCard` failed (an outage, a crash between
 * the order's acceptance and the call) and the card sits `ordered` without an issuer reference.
 * The CIN-check job re-drives its own card when retried (check-job.ts); this sweeper catches the
 * rest. Past STUCK_CARD_SECONDS it asks the issuer again (orderCard is safe to repeat: the card
 * only takes a reference while it has none); past GIVE_UP_CARD_SECONDS it cancels the card with a
 * French reason, so the person sees it and may order again instead of waiting forever.
 * "Now" is an input: the tests move it, the job passes the clock.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { prepaidCards } from '../../db/schema/money.ts';
import { type CardDeps, submitCardToIssuer } from './service.ts';

/** An `ordered` card without an issuer reference this long after its creation is re-driven. */
export const STUCK_CARD_SECONDS = 300;
/** …and given up (canceled) this long after it. */
export const GIVE_UP_CARD_SECONDS = 24 * 3600;
const SWEEP_BATCH = 100;

export const CARD_NOT_PLACED_REASON =
  'La commande de la carte n’a pas pu être transmise à l’émetteur. Vous pouvez la commander à nouveau.';

export type StuckCardsSweep = { redriven: number; canceled: number; failed: number };

export async function sweepStuckCards(
  deps: CardDeps & { onError?: (cardId: number, error: unknown) => void },
  now: Date,
): Promise<StuckCardsSweep> {
  const stuckBefore = new Date(now.getTime() - STUCK_CARD_SECONDS * 1000);
  const giveUpBefore = new Date(now.getTime() - GIVE_UP_CARD_SECONDS * 1000);
  const stuck = await deps.db
    .select({ id: prepaidCards.id, createdAt: prepaidCards.createdAt })
    .from(prepaidCards)
    .where(
      and(
        eq(prepaidCards.status, 'ordered'),
        isNull(prepaidCards.issuerReference),
        lt(prepaidCards.createdAt, stuckBefore),
      ),
    )
    .orderBy(asc(prepaidCards.createdAt))
    .limit(SWEEP_BATCH);
  const result: StuckCardsSweep = { redriven: 0, canceled: 0, failed: 0 };
  for (const card of stuck) {
    if (card.createdAt < giveUpBefore) {
      // Conditional: an answer or an issuer event that lands meanwhile wins.
      const [canceled] = await deps.db
        .update(prepaidCards)
        .set({
          status: 'canceled',
          canceledAt: now,
          cancelReason: CARD_NOT_PLACED_REASON,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(prepaidCards.id, card.id),
            eq(prepaidCards.status, 'ordered'),
            isNull(prepaidCards.issuerReference),
          ),
        )
        .returning({ id: prepaidCards.id });
      if (canceled) result.canceled += 1;
      continue;
    }
    try {
      const placed = await submitCardToIssuer(deps, card.id);
      if (placed.issuerReference) result.redriven += 1;
    } catch (error) {
      result.failed += 1;
      deps.onError?.(card.id, error);
    }
  }
  return result;
}
