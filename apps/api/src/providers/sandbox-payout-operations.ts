import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sandboxOperations } from '../db/schema/money.ts';
import { outboxMessages } from '../db/schema/outbox.ts';
import type { PayoutResult } from './bank-transfer/bank-transfer-provider.ts';

/** Test and demo controls of a sandbox payout provider (same names as the telecom sandbox). */
export type PayoutSandboxControl = {
  /** The next `count` new payouts fail definitively (the provider refuses them). */
  failNext(count?: number): void;
  /** The next `count` calls throw, like a timeout or an outage (nothing recorded: retry-safe). */
  breakNext(count?: number): void;
  latencyMs: number;
};

type Operation = {
  reference: string;
  amountCentimes: bigint;
  /** What is stored as the request (no secrets: the RIB is masked). */
  request: Record<string, unknown>;
  /** A refusal the sandbox always answers for this request (documented magic values), or null. */
  magicFailure: string | null;
  outbox: { recipient: string; subject: string; sent: string; failed: (reason: string) => string };
};

/**
 * The shared machinery of the bank-transfer and card-issuer sandboxes: latency, outages, forced
 * failures, and the state in `sandbox_operations` (one row per provider and reference, so a repeated
 * reference answers the first result even after a restart or from another process). Each new
 * operation also writes an outbox line that the dev outbox lists.
 */
export function createSandboxPayoutOperations(
  db: Db,
  options: {
    provider: string;
    channel: string;
    referencePrefix: string;
    refusedReason: string;
    latencyMs: number;
  },
) {
  let failures = 0;
  let outages = 0;
  const sandbox: PayoutSandboxControl = {
    failNext(count = 1) {
      failures += count;
    },
    breakNext(count = 1) {
      outages += count;
    },
    latencyMs: options.latencyMs,
  };

  async function find(reference: string): Promise<PayoutResult | null> {
    const [row] = await db
      .select({ response: sandboxOperations.response })
      .from(sandboxOperations)
      .where(
        and(eq(sandboxOperations.provider, options.provider), eq(sandboxOperations.reference, reference)),
      );
    return row ? (row.response as PayoutResult) : null;
  }

  async function perform(operation: Operation): Promise<PayoutResult> {
    if (sandbox.latencyMs > 0) await sleep(sandbox.latencyMs);
    if (outages > 0) {
      outages -= 1;
      throw new Error(`Sandbox ${options.provider}: no answer (simulated outage).`);
    }
    const known = await find(operation.reference);
    if (known) return known;

    const providerReference = `${options.referencePrefix}-${operation.reference.replace(/\W+/g, '-').toUpperCase()}`;
    let result: PayoutResult = { status: 'succeeded', providerReference };
    if (operation.magicFailure) {
      result = { status: 'failed', providerReference, failureReason: operation.magicFailure };
    } else if (failures > 0) {
      failures -= 1;
      result = { status: 'failed', providerReference, failureReason: options.refusedReason };
    }
    // Two calls racing on one reference: the unique index keeps one row, and both answer it.
    const inserted = await db
      .insert(sandboxOperations)
      .values({
        provider: options.provider,
        reference: operation.reference,
        request: operation.request,
        status: result.status,
        response: result,
      })
      .onConflictDoNothing()
      .returning({ id: sandboxOperations.id });
    if (inserted.length === 0) return (await find(operation.reference)) ?? result;
    await db.insert(outboxMessages).values({
      channel: options.channel,
      recipient: operation.outbox.recipient,
      subject: operation.outbox.subject,
      body:
        result.status === 'succeeded' ? operation.outbox.sent : operation.outbox.failed(result.failureReason),
      status: result.status === 'succeeded' ? 'sent' : 'failed',
    });
    return result;
  }

  return { sandbox, find, perform };
}

/** "1 500" for 150000n centimes (outbox texts). */
export function dirhams(centimes: bigint): string {
  const whole = centimes / 100n;
  const cents = centimes % 100n;
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return cents === 0n ? grouped : `${grouped},${cents.toString().padStart(2, '0')}`;
}
