/**
 * POST /transfers/ (decision 044), shaped like POST /recharges/: one database transaction — lock
 * the employee row, read the spending state (fresh snapshot after the lock), check the rules,
 * insert the transfer (and the saved recipient when asked) and post the `transfer` ledger
 * transaction (the wallet re-checked under its lock). The Idempotency-Key claim lives in the same
 * transaction. The network call happens in the `transfer.send` job, sent after the commit.
 */
import {
  TRANSFER_FEE_DH,
  TRANSFER_RECIPIENTS_MAX,
  type TTransfer,
  type ZCreateTransferRequest,
} from '@tasbiq/contracts/transfers';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transferRecipients, transfers } from '../../db/schema/transfers.ts';
import type { Session } from '../../lib/auth/session.ts';
import { AppError, permissionDenied } from '../../lib/errors.ts';
import { type IdempotentResult, withIdempotency } from '../../lib/idempotency.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { loadSpendingState, lockEmployee } from '../spending/state.ts';
import { TRANSFER_SEND_JOB, transferJobOptions } from './jobs.ts';
import { postTransferCreated } from './ledger-postings.ts';
import { countRecipients } from './queries.ts';
import { serializeTransfer } from './serialize.ts';
import { checkTransfer } from './transfer-rules.ts';

export type CreateTransferInput = z.output<typeof ZCreateTransferRequest>;
type Logger = { error(obj: unknown, msg?: string): void };

export const TRANSFER_FEE_CENTIMES = BigInt(TRANSFER_FEE_DH) * 100n;

export async function createTransfer(
  deps: { db: Db; jobs: JobQueue; log: Logger },
  session: Session,
  input: CreateTransferInput,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<IdempotentResult<TTransfer>> {
  const employee = session.employee;
  if (!employee || !session.company) throw permissionDenied();
  const amountCentimes = wireToCentimes(input.amount)!;
  const canonical = {
    recipient_name: input.recipient_name,
    recipient_phone: input.recipient_phone,
    amount: input.amount,
    save_recipient: input.save_recipient === true,
  };

  const result = await withIdempotency<TTransfer>(
    deps.db,
    { userId: session.user.id, scope: 'transfers', key: idempotencyKey, body: canonical },
    async (tx) => {
      await lockEmployee(tx, employee.id);
      const state = await loadSpendingState(
        tx,
        { employeeId: employee.id, companyId: employee.companyId },
        now,
      );
      if (!state) throw permissionDenied();
      const refused = checkTransfer(state, amountCentimes + TRANSFER_FEE_CENTIMES);
      if (refused) throw new AppError(refused, { status: 400 });

      const [transfer] = await tx
        .insert(transfers)
        .values({
          companyId: state.companyId,
          employeeId: state.employeeId,
          recipientName: input.recipient_name,
          recipientPhone: input.recipient_phone,
          amountCentimes,
          feeCentimes: TRANSFER_FEE_CENTIMES,
          createdAt: now,
        })
        .returning();
      // Saving the recipient is a convenience: past the limit the transfer still goes.
      if (input.save_recipient && (await countRecipients(tx, state.employeeId)) < TRANSFER_RECIPIENTS_MAX)
        await tx
          .insert(transferRecipients)
          .values({
            companyId: state.companyId,
            employeeId: state.employeeId,
            name: input.recipient_name,
            phone: input.recipient_phone,
          })
          .onConflictDoNothing();
      const who = { firstName: session.user.firstName, lastName: session.user.lastName };
      await postTransferCreated(tx, transfer!, who, session.user.id);
      return {
        status: 201,
        body: serializeTransfer(transfer!, { employeeId: employee.id, ...who, serial: employee.serial }),
      };
    },
  );

  if (!result.replayed) {
    // After the commit; a lost send is caught up by the sweeper.
    await deps.jobs
      .send(TRANSFER_SEND_JOB, { transferId: result.body.id }, transferJobOptions(result.body.id))
      .catch((error) => deps.log.error({ err: error, transferId: result.body.id }, 'transfer job not sent'));
  }
  return result;
}
