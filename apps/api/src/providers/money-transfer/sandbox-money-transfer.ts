import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { TRANSFER_NETWORK_NAME } from '@tasbiq/contracts/transfers';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxOperations } from '../../db/schema/money.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { centimesToWire } from '../../lib/money.ts';
import { formatCasablancaDateTime } from '../../lib/time.ts';
import type {
  MoneyTransferCancelResult,
  MoneyTransferCollected,
  MoneyTransferProvider,
  MoneyTransferSendRequest,
  MoneyTransferSendResult,
} from './money-transfer-provider.ts';

const PROVIDER = 'money-transfer';

/**
 * Documented magic failure, for demos and end-to-end tests: a recipient number ending in 0000 is
 * refused by the network (e.g. 06 12 34 00 00).
 */
export const SANDBOX_TRANSFER_REFUSED_SUFFIX = '0000';
export const SANDBOX_TRANSFER_REFUSED_REASON = 'Numéro du bénéficiaire refusé par le réseau de transfert';
/** Answer of a transfer made to fail with `sandbox.failNext()`. */
export const SANDBOX_TRANSFER_FAILED_REASON = 'Le réseau de transfert a refusé l’envoi';

type SandboxState = 'available' | 'collected' | 'canceled';
type StoredAnswer = MoneyTransferSendResult & { code?: string; state?: SandboxState; collectedAt?: string };

export type MoneyTransferSandboxControl = {
  /** The next `count` new transfers are refused by the network. */
  failNext(count?: number): void;
  /** The next `count` calls throw, like a timeout or an outage (nothing recorded: retry-safe). */
  breakNext(count?: number): void;
  /**
   * An agency pays out the available transfer holding this pick-up code (the demo's and the
   * journeys' way to see a transfer collected). The reference, or null when no transfer is
   * available with that code.
   */
  collect(code: string, at?: Date): Promise<string | null>;
  /** The pick-up code the network sent for our reference (tests). */
  codeOf(reference: string): Promise<string | null>;
  latencyMs: number;
};

/**
 * The sandbox transfer network. Its state lives in `sandbox_operations` (provider
 * 'money-transfer', one row per reference: the answer, the pick-up code and whether the transfer
 * is available, collected or canceled), so it survives restarts and is shared by processes. A
 * sent transfer's SMS to the recipient goes to the outbox (channel 'sms').
 */
export function createSandboxMoneyTransfer(
  db: Db,
  latencyMs = 0,
): MoneyTransferProvider & { sandbox: MoneyTransferSandboxControl } {
  let failures = 0;
  let outages = 0;
  const listeners: Array<(event: MoneyTransferCollected) => Promise<void>> = [];

  async function stored(reference: string): Promise<StoredAnswer | null> {
    const [row] = await db
      .select()
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.provider, PROVIDER), eq(sandboxOperations.reference, reference)));
    return row ? (row.response as StoredAnswer) : null;
  }

  async function latencyAndOutage() {
    if (sandbox.latencyMs > 0) await sleep(sandbox.latencyMs);
    if (outages > 0) {
      outages -= 1;
      throw new Error('Sandbox money transfer: the network did not answer (simulated outage).');
    }
  }

  const publicAnswer = (answer: StoredAnswer): MoneyTransferSendResult =>
    answer.status === 'sent'
      ? { status: 'sent', providerReference: answer.providerReference }
      : { status: 'failed', providerReference: null, failureReason: answer.failureReason };

  function decide(request: MoneyTransferSendRequest): StoredAnswer {
    if (request.recipientPhone.endsWith(SANDBOX_TRANSFER_REFUSED_SUFFIX))
      return { status: 'failed', providerReference: null, failureReason: SANDBOX_TRANSFER_REFUSED_REASON };
    if (failures > 0) {
      failures -= 1;
      return { status: 'failed', providerReference: null, failureReason: SANDBOX_TRANSFER_FAILED_REASON };
    }
    const code = String(randomInt(0, 100_000_000)).padStart(8, '0');
    const providerReference = `CP-${request.reference.replace(/\W+/g, '-').toUpperCase()}`;
    return { status: 'sent', providerReference, code, state: 'available' };
  }

  const sandbox: MoneyTransferSandboxControl = {
    failNext(count = 1) {
      failures += count;
    },
    breakNext(count = 1) {
      outages += count;
    },
    latencyMs,
    async collect(code, at = new Date()) {
      // One agency wins: the row moves from available to collected once.
      const result = await db.execute(sql`
        update ${sandboxOperations}
        set response = response || jsonb_build_object('state', 'collected', 'collectedAt', ${at.toISOString()}::text)
        where provider = ${PROVIDER} and response->>'code' = ${code} and response->>'state' = 'available'
        returning reference`);
      const reference = (result as unknown as { rows: Array<{ reference: string }> }).rows[0]?.reference;
      if (!reference) return null;
      for (const listener of listeners) await listener({ reference, collectedAt: at });
      return reference;
    },
    async codeOf(reference) {
      return (await stored(reference))?.code ?? null;
    },
  };

  return {
    sandbox,
    onCollected(listener) {
      listeners.push(listener);
    },
    async send(request) {
      await latencyAndOutage();
      const known = await stored(request.reference);
      if (known) return publicAnswer(known);
      const answer = decide(request);
      // Two calls racing on one reference: the unique index keeps one row, and both answer it.
      const inserted = await db
        .insert(sandboxOperations)
        .values({
          provider: PROVIDER,
          reference: request.reference,
          request: {
            sender: request.senderName,
            recipient: request.recipientName,
            phone: request.recipientPhone,
            amount: centimesToWire(request.amountCentimes),
          },
          status: answer.status === 'sent' ? 'succeeded' : 'failed',
          response: answer,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxOperations.id });
      if (inserted.length === 0) return publicAnswer((await stored(request.reference)) ?? answer);
      if (answer.status === 'sent') {
        const amount = centimesToWire(request.amountCentimes).replace(/\.00$/, '');
        await db.insert(outboxMessages).values({
          channel: 'sms',
          recipient: request.recipientPhone,
          body:
            `${TRANSFER_NETWORK_NAME} : ${request.senderName} vous a envoyé ${amount} DH. ` +
            `Retrait en agence avec votre CIN et le code ${answer.code}, avant le ${formatCasablancaDateTime(request.expiresAt)}.`,
        });
      }
      return publicAnswer(answer);
    },
    async cancel(reference): Promise<MoneyTransferCancelResult> {
      await latencyAndOutage();
      const result = await db.execute(sql`
        update ${sandboxOperations} set response = response || '{"state":"canceled"}'::jsonb
        where provider = ${PROVIDER} and reference = ${reference} and response->>'state' = 'available'
        returning id`);
      if ((result as unknown as { rows: unknown[] }).rows.length > 0) return { status: 'canceled' };
      const known = await stored(reference);
      if (!known) return { status: 'unknown' };
      if (known.state === 'collected')
        return { status: 'collected', collectedAt: new Date(known.collectedAt ?? Date.now()) };
      // Refused at sending, or already canceled: nothing can be paid out.
      return { status: 'canceled' };
    },
  };
}
