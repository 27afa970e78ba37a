import { setTimeout as sleep } from 'node:timers/promises';
import { TELECOM_OPERATOR_LABELS } from '@tasbiq/contracts/money';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxOperations } from '../../db/schema/money.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { TelecomProvider, TelecomTopUpRequest, TelecomTopUpResult } from './telecom-provider.ts';

const PROVIDER = 'telecom';

/**
 * Documented magic failure, for demos and end-to-end tests: a number ending in 0000 is refused by
 * the operator (e.g. 06 12 34 00 00), whatever the product.
 */
export const SANDBOX_UNKNOWN_NUMBER_SUFFIX = '0000';
export const SANDBOX_UNKNOWN_NUMBER_REASON = 'Numéro non reconnu par l’opérateur';
/** Answer of a top-up made to fail with `sandbox.failNext()`. */
export const SANDBOX_REFUSED_REASON = 'L’opérateur a refusé la recharge. Veuillez réessayer plus tard.';

export type TelecomSandboxControl = {
  /** The next `count` new top-ups fail definitively (the operator refuses them). */
  failNext(count?: number): void;
  /** The next `count` calls throw, like a timeout or an outage (nothing recorded: retry-safe). */
  breakNext(count?: number): void;
  latencyMs: number;
};

/**
 * The sandbox telecom aggregator. Its state lives in `sandbox_operations` (provider 'telecom',
 * one row per reference), so a repeated reference answers the first result even after a restart
 * or from another process; each new top-up also writes a line to the outbox (channel 'telecom')
 * that the dev outbox lists.
 */
export function createSandboxTelecom(
  db: Db,
  latencyMs = 0,
): TelecomProvider & { sandbox: TelecomSandboxControl } {
  let failures = 0;
  let outages = 0;
  const sandbox: TelecomSandboxControl = {
    failNext(count = 1) {
      failures += count;
    },
    breakNext(count = 1) {
      outages += count;
    },
    latencyMs,
  };

  async function firstAnswer(reference: string): Promise<TelecomTopUpResult | null> {
    const [row] = await db
      .select()
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.provider, PROVIDER), eq(sandboxOperations.reference, reference)));
    return row ? (row.response as TelecomTopUpResult) : null;
  }

  function decide(request: TelecomTopUpRequest, providerReference: string): TelecomTopUpResult {
    if (request.phone.endsWith(SANDBOX_UNKNOWN_NUMBER_SUFFIX))
      return { status: 'failed', providerReference, failureReason: SANDBOX_UNKNOWN_NUMBER_REASON };
    if (failures > 0) {
      failures -= 1;
      return { status: 'failed', providerReference, failureReason: SANDBOX_REFUSED_REASON };
    }
    return { status: 'succeeded', providerReference };
  }

  return {
    sandbox,
    async topUp(request) {
      if (sandbox.latencyMs > 0) await sleep(sandbox.latencyMs);
      if (outages > 0) {
        outages -= 1;
        throw new Error('Sandbox telecom: the operator did not answer (simulated outage).');
      }
      const known = await firstAnswer(request.reference);
      if (known) return known;

      const providerReference = `TEL-${request.reference.replace(/\W+/g, '-').toUpperCase()}`;
      const result = decide(request, providerReference);
      // Two calls racing on one reference: the unique index keeps one row, and both answer it.
      const inserted = await db
        .insert(sandboxOperations)
        .values({
          provider: PROVIDER,
          reference: request.reference,
          request: {
            phone: request.phone,
            operator: request.operator,
            product: request.product,
            amount: centimesToWire(request.amountCentimes),
          },
          status: result.status,
          response: result,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxOperations.id });
      if (inserted.length === 0) return (await firstAnswer(request.reference)) ?? result;

      const amount = centimesToWire(request.amountCentimes).replace(/\.00$/, '');
      const operator = TELECOM_OPERATOR_LABELS[request.operator];
      await db.insert(outboxMessages).values({
        channel: 'telecom',
        recipient: request.phone,
        subject: `Recharge ${operator} ${amount} DH`,
        body:
          result.status === 'succeeded'
            ? `Recharge ${operator} de ${amount} DH effectuée (${request.product}, ${providerReference}).`
            : `Recharge ${operator} de ${amount} DH refusée : ${result.failureReason}.`,
        status: result.status === 'succeeded' ? 'sent' : 'failed',
      });
      return result;
    },
  };
}
