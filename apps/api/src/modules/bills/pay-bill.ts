/**
 * POST /bills/ (decision 042): the bill is looked up on the bill-payment platform first (outside
 * any database transaction: a slow biller must not hold row locks), then one transaction per
 * payment, as a top-up — lock the employee row, read the spending state (fresh snapshot after the
 * lock), check the rules, insert the bill and post the `bill` ledger transaction (the wallet
 * re-checked under its lock). The same bill paid twice at once is serialised by an advisory lock
 * on the biller's reference, and what is already on its way to the biller counts as paid. The
 * Idempotency-Key claim lives in the same transaction, so a replay answers the first payment even
 * once the platform says the bill is paid. The biller is paid later by the `bill.pay` job.
 */
import type { TBill, ZPayBillRequest } from '@tasbiq/contracts/bills';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import type { Session } from '../../lib/auth/session.ts';
import { AppError, fieldError, permissionDenied } from '../../lib/errors.ts';
import { type IdempotentResult, withIdempotency } from '../../lib/idempotency.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import type { BillPaymentProvider } from '../../providers/bill-payment/bill-payment-provider.ts';
import { loadSpendingState, lockEmployee } from '../spending/state.ts';
import { checkBillAmount, checkBillPayment } from './bill-rules.ts';
import { BILL_PAY_JOB, billJobOptions } from './jobs.ts';
import { postBillRequested } from './ledger-postings.ts';
import { type FoundBill, lookupBill } from './lookup-bill.ts';
import { serializeBill } from './serialize.ts';

export type PayBillInput = z.output<typeof ZPayBillRequest>;
type Logger = { error(obj: unknown, msg?: string): void };

export async function createBillPayment(
  deps: { db: Db; jobs: JobQueue; billPayment: BillPaymentProvider; log: Logger },
  session: Session,
  input: PayBillInput,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<IdempotentResult<TBill>> {
  const employee = session.employee;
  if (!employee || !session.company) throw permissionDenied();
  const amountCentimes = wireToCentimes(input.amount);
  if (amountCentimes === null) throw fieldError('amount', 'invalid');
  const canonical = {
    biller: input.biller,
    reference: input.reference,
    amount: centimesToWire(amountCentimes),
  };

  // A failed lookup is thrown inside the transaction: a replayed key answers its first payment.
  let found: FoundBill | undefined;
  let lookupError: unknown;
  try {
    found = await lookupBill(deps.billPayment, input, now);
  } catch (error) {
    lookupError = error;
  }

  const result = await withIdempotency<TBill>(
    deps.db,
    { userId: session.user.id, scope: 'bills', key: idempotencyKey, body: canonical },
    async (tx) => {
      if (!found) throw lookupError;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`bill:${found.biller}:${found.reference}`}))`,
      );
      const [inFlight] = await tx
        .select({ value: sql<string>`coalesce(sum(${bills.amountCentimes}), 0)::text` })
        .from(bills)
        .where(
          and(
            eq(bills.biller, found.biller),
            eq(bills.reference, found.reference),
            inArray(bills.status, ['pending', 'processing']),
          ),
        );
      const stillDue = found.amountDueCentimes - BigInt(inFlight?.value ?? '0');
      if (stillDue <= 0n) throw fieldError('reference', 'BILL_ALREADY_PAID');
      const wrongAmount = checkBillAmount(amountCentimes, {
        amountDueCentimes: stillDue,
        partial: found.partial,
      });
      if (wrongAmount) throw fieldError('amount', wrongAmount);

      await lockEmployee(tx, employee.id);
      const state = await loadSpendingState(
        tx,
        { employeeId: employee.id, companyId: employee.companyId },
        now,
      );
      if (!state) throw permissionDenied();
      const refused = checkBillPayment(state, amountCentimes);
      if (refused) throw new AppError(refused, { status: 400 });

      const [bill] = await tx
        .insert(bills)
        .values({
          companyId: state.companyId,
          employeeId: state.employeeId,
          biller: found.biller,
          reference: found.reference,
          holder: found.holder,
          dueDate: found.dueDate,
          amountDueCentimes: stillDue,
          amountCentimes,
          createdAt: now,
        })
        .returning();
      const who = { firstName: session.user.firstName, lastName: session.user.lastName };
      await postBillRequested(tx, bill!, who, session.user.id);
      return {
        status: 201,
        body: serializeBill(bill!, { employeeId: employee.id, ...who, serial: employee.serial }),
      };
    },
  );

  if (!result.replayed) {
    await deps.jobs
      .send(BILL_PAY_JOB, { billId: result.body.id }, billJobOptions(result.body.id))
      .catch((error) => deps.log.error({ err: error, billId: result.body.id }, 'bill job not sent'));
  }
  return result;
}
