/**
 * POST /recharges/ (decision 020): one database transaction per top-up — lock the employee row,
 * read the spending state (fresh snapshot after the lock), check the top-up rules, insert the
 * recharge and post the `recharge` ledger transaction (the wallet re-checked under its lock).
 * The Idempotency-Key claim lives in the same transaction. The telecom call happens later, in the
 * `recharge.execute` job, sent once the transaction has committed.
 */
import { findRechargeProduct } from '@tasbiq/contracts/money';
import type { TRecharge, ZCreateRechargeRequest } from '@tasbiq/contracts/recharges';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recharges } from '../../db/schema/money.ts';
import type { Session } from '../../lib/auth/session.ts';
import { AppError, fieldError, permissionDenied } from '../../lib/errors.ts';
import { type IdempotentResult, withIdempotency } from '../../lib/idempotency.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import { loadSpendingState, lockEmployee } from '../spending/state.ts';
import { RECHARGE_EXECUTE_JOB, rechargeJobOptions } from './jobs.ts';
import { postRechargeCreated } from './ledger-postings.ts';
import { serializeRecharge } from './serialize.ts';
import { checkTopUp } from './top-up-rules.ts';

export type CreateRechargeInput = z.output<typeof ZCreateRechargeRequest>;
type Logger = { error(obj: unknown, msg?: string): void };

/** The product and the amounts, or the field error the client must fix (INVALID_PRODUCT, PRODUCT_AMOUNT_MISMATCH). */
export function resolveProduct(input: Pick<CreateRechargeInput, 'product' | 'amount'>) {
  const product = findRechargeProduct(input.product);
  if (!product) throw fieldError('product', 'INVALID_PRODUCT');
  const amountCentimes = wireToCentimes(product.amount)!;
  if (wireToCentimes(input.amount) !== amountCentimes) throw fieldError('amount', 'PRODUCT_AMOUNT_MISMATCH');
  return { product, amountCentimes, discountedCentimes: wireToCentimes(product.discounted_amount)! };
}

export async function createRecharge(
  deps: { db: Db; jobs: JobQueue; log: Logger },
  session: Session,
  input: CreateRechargeInput,
  idempotencyKey: string | undefined,
): Promise<IdempotentResult<TRecharge>> {
  const employee = session.employee;
  if (!employee || !session.company) throw permissionDenied();
  const { product, amountCentimes, discountedCentimes } = resolveProduct(input);
  // The key is bound to what the request means: "50", 50 and "50.00" are the same amount.
  const canonical = { phone: input.phone, product: product.id, amount: centimesToWire(amountCentimes) };

  const result = await withIdempotency<TRecharge>(
    deps.db,
    { userId: session.user.id, scope: 'recharges', key: idempotencyKey, body: canonical },
    async (tx) => {
      await lockEmployee(tx, employee.id);
      const state = await loadSpendingState(tx, { employeeId: employee.id, companyId: employee.companyId });
      if (!state) throw permissionDenied();
      const refused = checkTopUp(state, discountedCentimes);
      if (refused) throw new AppError(refused, { status: 400 });

      const [recharge] = await tx
        .insert(recharges)
        .values({
          companyId: state.companyId,
          employeeId: state.employeeId,
          phone: input.phone,
          operator: product.operator,
          product: product.id,
          amountCentimes,
          discountedAmountCentimes: discountedCentimes,
        })
        .returning();
      const who = { firstName: session.user.firstName, lastName: session.user.lastName };
      await postRechargeCreated(tx, recharge!, who, session.user.id);
      return {
        status: 201,
        body: serializeRecharge(recharge!, { employeeId: employee.id, ...who, serial: employee.serial }),
      };
    },
  );

  if (!result.replayed) {
    // After the commit: a job sent earlier could run before the row is visible. A lost send
    // (crash, stopped queue) is caught up by the sweeper within a minute or two.
    await deps.jobs
      .send(RECHARGE_EXECUTE_JOB, { rechargeId: result.body.id }, rechargeJobOptions(result.body.id))
      .catch((error) => deps.log.error({ err: error, rechargeId: result.body.id }, 'recharge job not sent'));
  }
  return result;
}
