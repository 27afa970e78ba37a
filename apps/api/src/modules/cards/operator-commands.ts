import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { createSandboxCardIssuer } from '../../providers/card-issuer/sandbox-card-issuer.ts';
import { applyIssuerEvent, operatorMoveCard } from './service.ts';

export const CARD_MOVE_TARGETS = ['assigned', 'delivered', 'canceled'] as const;
export type CardMoveTarget = (typeof CARD_MOVE_TARGETS)[number];

/** The sandbox issuer as an operator command sees it: no job queue, events applied at once. */
function operatorIssuer(db: Db, config: Config) {
  const issuer = createSandboxCardIssuer(db, {
    assignDelaySeconds: config.CARD_ISSUER_SANDBOX_ASSIGN_SECONDS,
    deliverDelaySeconds: config.CARD_ISSUER_SANDBOX_DELIVER_SECONDS,
    failure: 'none',
  });
  issuer.onEvent(async (event) => {
    await applyIssuerEvent(db, event);
  });
  return issuer;
}

/** `npm run admin -- card-move <card-id> <assigned|delivered|canceled> [reason]`: one line of result. */
export async function moveCardByHand(
  db: Db,
  config: Config,
  cardId: number,
  to: CardMoveTarget,
  reason?: string,
): Promise<string> {
  const issuer = operatorIssuer(db, config);
  try {
    const card = await operatorMoveCard(
      { db, issuer, advanceSandbox: issuer.sandbox.advanceNow },
      cardId,
      to,
      reason,
    );
    const printed = card.issuerReference ? await issuer.sandbox.printedNumber(card.issuerReference) : null;
    return `Card ${card.id} is now ${card.status}${card.last4 ? ` (•••• ${card.last4})` : ''}${
      printed && to !== 'canceled' ? `; number printed on it: ${printed}` : ''
    }.`;
  } catch (error) {
    if (error instanceof AppError) throw new Error(`Card ${cardId}: ${error.code} — ${error.message}`);
    throw error;
  }
}

/** `npm run admin -- card-spend <card-id> <amount-DH> [label]`: a purchase with the card (demo debits). */
export async function spendWithCard(
  db: Db,
  config: Config,
  cardId: number,
  amount: string,
  label = 'Achat carte',
): Promise<string> {
  const centimes = wireToCentimes(amount);
  if (centimes === null || centimes <= 0n) throw new Error(`Not a positive amount in DH: ${amount}.`);
  const outcome = await operatorIssuer(db, config).sandbox.spend(cardId, centimes, label);
  return outcome === 'ok'
    ? `Card ${cardId}: ${amount} DH spent (${label}).`
    : `Card ${cardId}: refused (blocked, not active, or not enough money).`;
}
