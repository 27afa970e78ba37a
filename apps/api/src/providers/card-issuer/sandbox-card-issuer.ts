import type { Db } from '../../db/client.ts';
import { centimesToWire } from '../../lib/money.ts';
import {
  createSandboxPayoutOperations,
  dirhams,
  type PayoutSandboxControl,
} from '../sandbox-payout-operations.ts';
import type { CardIssuerProvider } from './card-issuer-provider.ts';

/**
 * Documented magic values, so a person trying the demo (or an end-to-end test) can see a failed
 * card payout: a load of exactly 1 313 DH (or 13 DH) is refused as if the card were blocked.
 */
export const SANDBOX_CARD_FAILING_AMOUNTS_CENTIMES = [1_300n, 131_300n] as const;
export const SANDBOX_CARD_BLOCKED_REASON = 'Carte bloquée par l’émetteur';
/** Answer of a load made to fail with `sandbox.failNext()`. */
export const SANDBOX_CARD_REFUSED_REASON = 'Chargement de la carte refusé par l’émetteur';

/** The sandbox card issuer: the answer is recorded in sandbox_operations ('card_issuer'). */
export function createSandboxCardIssuer(
  db: Db,
  latencyMs = 0,
): CardIssuerProvider & { sandbox: PayoutSandboxControl } {
  const operations = createSandboxPayoutOperations(db, {
    provider: 'card_issuer',
    channel: 'card',
    referencePrefix: 'CRD',
    refusedReason: SANDBOX_CARD_REFUSED_REASON,
    latencyMs,
  });
  return {
    sandbox: operations.sandbox,
    find: operations.find,
    load(request) {
      const amount = `${dirhams(request.amountCentimes)} DH`;
      const card = request.last4 ? `carte •••• ${request.last4}` : `carte n° ${request.cardId}`;
      return operations.perform({
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
    },
  };
}
