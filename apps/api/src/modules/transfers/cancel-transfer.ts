/**
 * POST /transfers/{id}/cancel/: only the sender's own transfer (another's, or another company's,
 * answers 404), only before it is collected. A pending one is canceled here (the send job then
 * skips it); a sent one is canceled at the network first — if an agency paid it out meanwhile
 * it is recorded collected and TRANSFER_NOT_CANCELABLE answers. Either way the refund is posted.
 */
import type { TTransfer } from '@tasbiq/contracts/transfers';
import type { Session } from '../../lib/auth/session.ts';
import { AppError, notFound, permissionDenied } from '../../lib/errors.ts';
import { closeSentTransfer, refundTransfer, type TransferJobDeps } from './jobs.ts';
import { findTransfer } from './queries.ts';
import { serializeTransfer } from './serialize.ts';

const notCancelable = () => new AppError('TRANSFER_NOT_CANCELABLE', { status: 400 });

export async function cancelTransfer(
  deps: TransferJobDeps,
  session: Session,
  transferId: number,
  now: Date = new Date(),
): Promise<TTransfer> {
  const employee = session.employee;
  if (!employee) throw permissionDenied();
  const scope = { companyId: employee.companyId, employeeId: employee.id };
  const found = await findTransfer(deps.db, scope, transferId);
  if (!found) throw notFound();

  if (found.transfer.status === 'pending') {
    const canceled = await refundTransfer(deps.db, transferId, 'canceled', ['pending'], now);
    if (!canceled) return cancelTransfer(deps, session, transferId, now); // the send job took it: read again
  } else if (found.transfer.status === 'sent') {
    let outcome: Awaited<ReturnType<typeof closeSentTransfer>>;
    try {
      outcome = await closeSentTransfer(deps, found.transfer, 'canceled', now);
    } catch {
      throw new AppError('TRANSFER_NETWORK_UNAVAILABLE', { status: 503 });
    }
    if (outcome === 'collected') throw notCancelable();
  } else {
    throw notCancelable();
  }
  const after = await findTransfer(deps.db, scope, transferId);
  if (after?.transfer.status !== 'canceled') throw notCancelable();
  return serializeTransfer(after.transfer, after.employee);
}
