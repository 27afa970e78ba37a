import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { findBiller } from '@tasbiq/contracts/bills';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxOperations } from '../../db/schema/money.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { casablancaMonth } from '../../lib/time.ts';
import { dirhams } from '../sandbox-payout-operations.ts';
import {
  BillerUnavailable,
  type BillLookupResult,
  type BillPaymentProvider,
  type BillPaymentResult,
} from './bill-payment-provider.ts';

const PROVIDER = 'bill-payment';

/**
 * Documented magic references (README "sandboxes", docs/product.md), by their last four digits:
 *   …0000  unknown reference (no bill)
 *   …1111  the bill is already paid
 *   …9999  the biller is down: the lookup answers, the payment never does (retries, then reversal)
 * Any other reference of the right format has a bill whose amount and holder derive from it.
 */
export const SANDBOX_BILL_UNKNOWN_SUFFIX = '0000';
export const SANDBOX_BILL_PAID_SUFFIX = '1111';
export const SANDBOX_BILLER_DOWN_SUFFIX = '9999';
/** Answer of a payment made to fail with `sandbox.failNext()`. */
export const SANDBOX_BILL_REFUSED_REASON = 'Le facturier a refusé le paiement';

export type BillPaymentSandboxControl = {
  /** The next `count` new payments are refused by the biller. */
  failNext(count?: number): void;
  /** The next `count` calls (lookups or payments) throw, like a biller down. */
  breakNext(count?: number): void;
  latencyMs: number;
};

const FIRST_NAMES = ['Mohamed', 'Fatima', 'Youssef', 'Khadija', 'Ahmed', 'Amina', 'Karim', 'Salma'];
const LAST_NAMES = ['Benali', 'El Idrissi', 'Tazi', 'Bennani', 'Alaoui', 'Chraibi', 'Berrada', 'Fassi'];

/** « M****** B***** »: the first letter of each word, the rest hidden. */
export function maskHolder(name: string): string {
  return name
    .split(' ')
    .map((word) => `${word.slice(0, 1)}${'*'.repeat(Math.max(word.length - 1, 1))}`)
    .join(' ');
}

/** The sandbox's bill for a reference: an amount from 80 to 1 279.99 DH, due the 15th of next month. */
export function sandboxBillOf(biller: string, reference: string, at: Date) {
  const digest = createHash('sha256').update(`${biller}:${reference}`).digest();
  const amountDueCentimes = 8_000n + BigInt(digest.readUInt32BE(0) % 120_000);
  const { year, month } = casablancaMonth(at);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const dueDate = `${next.year}-${String(next.month).padStart(2, '0')}-15`;
  const holder = `${FIRST_NAMES[digest[4]! % FIRST_NAMES.length]} ${LAST_NAMES[digest[5]! % LAST_NAMES.length]}`;
  return { amountDueCentimes, dueDate, holder };
}

/**
 * The sandbox bill-payment platform. Payments live in `sandbox_operations` (provider
 * 'bill-payment', one row per our reference), so a repeated reference answers the first result
 * even after a restart or from another process, and a later lookup of the same bill sees what was
 * paid (the rest of a partial payment is still due; a bill paid in full answers already paid).
 */
export function createSandboxBillPayment(
  db: Db,
  latencyMs = 0,
): BillPaymentProvider & { sandbox: BillPaymentSandboxControl } {
  let failures = 0;
  let outages = 0;
  const sandbox: BillPaymentSandboxControl = {
    failNext(count = 1) {
      failures += count;
    },
    breakNext(count = 1) {
      outages += count;
    },
    latencyMs,
  };

  async function answerLike() {
    if (sandbox.latencyMs > 0) await sleep(sandbox.latencyMs);
    if (outages > 0) {
      outages -= 1;
      throw new BillerUnavailable('Sandbox bill payment: the biller did not answer (simulated outage).');
    }
  }

  async function paidSoFar(biller: string, reference: string): Promise<bigint> {
    const [row] = await db
      .select({
        paid: sql<string>`coalesce(sum((${sandboxOperations.request}->>'amount_centimes')::bigint), 0)::text`,
      })
      .from(sandboxOperations)
      .where(
        and(
          eq(sandboxOperations.provider, PROVIDER),
          eq(sandboxOperations.status, 'succeeded'),
          sql`${sandboxOperations.request}->>'bill' = ${`${biller}:${reference}`}`,
        ),
      );
    return BigInt(row?.paid ?? '0');
  }

  async function firstAnswer(reference: string): Promise<BillPaymentResult | null> {
    const [row] = await db
      .select({ response: sandboxOperations.response })
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.provider, PROVIDER), eq(sandboxOperations.reference, reference)));
    return row ? (row.response as BillPaymentResult) : null;
  }

  return {
    sandbox,
    async lookup({ biller, reference, at }): Promise<BillLookupResult> {
      await answerLike();
      if (reference.endsWith(SANDBOX_BILL_UNKNOWN_SUFFIX)) return { status: 'not_found' };
      if (reference.endsWith(SANDBOX_BILL_PAID_SUFFIX)) return { status: 'already_paid' };
      const bill = sandboxBillOf(biller, reference, at);
      const due = bill.amountDueCentimes - (await paidSoFar(biller, reference));
      if (due <= 0n) return { status: 'already_paid' };
      return {
        status: 'found',
        holder: maskHolder(bill.holder),
        amountDueCentimes: due,
        dueDate: bill.dueDate,
        partial: findBiller(biller)?.partial ?? false,
      };
    },

    async pay(request): Promise<BillPaymentResult> {
      await answerLike();
      if (request.billReference.endsWith(SANDBOX_BILLER_DOWN_SUFFIX))
        throw new BillerUnavailable('Sandbox bill payment: the biller is down.');
      const known = await firstAnswer(request.reference);
      if (known) return known;

      const providerReference = `FAC-${request.reference.replace(/\W+/g, '-').toUpperCase()}`;
      let result: BillPaymentResult = { status: 'succeeded', providerReference };
      if (failures > 0) {
        failures -= 1;
        result = { status: 'failed', providerReference, failureReason: SANDBOX_BILL_REFUSED_REASON };
      }
      // Two calls racing on one reference: the unique index keeps one row, and both answer it.
      const inserted = await db
        .insert(sandboxOperations)
        .values({
          provider: PROVIDER,
          reference: request.reference,
          request: {
            bill: `${request.biller}:${request.billReference}`,
            amount_centimes: request.amountCentimes.toString(),
          },
          status: result.status,
          response: result,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxOperations.id });
      if (inserted.length === 0) return (await firstAnswer(request.reference)) ?? result;

      const name = findBiller(request.biller)?.name ?? request.biller;
      await db.insert(outboxMessages).values({
        channel: 'bill-payment',
        recipient: `${name} ${request.billReference}`,
        subject: `Facture ${name} ${dirhams(request.amountCentimes)} DH`,
        body:
          result.status === 'succeeded'
            ? `Paiement de ${dirhams(request.amountCentimes)} DH reçu pour ${request.billReference} (${providerReference}).`
            : `Paiement refusé pour ${request.billReference} : ${result.failureReason}.`,
        status: result.status === 'succeeded' ? 'sent' : 'failed',
      });
      return result;
    },
  };
}
