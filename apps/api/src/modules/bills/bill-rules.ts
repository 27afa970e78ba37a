/**
 * Whether a bill may be paid out of the employee's balance (issue 16, decision 042): the rules of
 * a top-up, which are the advance's rules less the request count and the fee — ACCESS_RESTRICTED
 * (restricted by HR, deactivated, or past the company's cut-off day), BALANCE_INSUFFICIENT (more
 * than what is available this month, the monthly maximum included), INSUFFICIENT_FUNDS (the
 * company wallet; checked again under its lock when posting). A bill carries no fee: the
 * employee pays the biller's amount, nothing more.
 */

import { isPastCutoff } from '../advances/limits.ts';
import { availableForTopUp } from '../recharges/top-up-rules.ts';
import type { SpendingState } from '../spending/state.ts';

export type BillCheckResult = 'ACCESS_RESTRICTED' | 'BALANCE_INSUFFICIENT' | 'INSUFFICIENT_FUNDS' | null;

/** null when the payment may go ahead, else the first failing code. */
export function checkBillPayment(state: SpendingState, amountCentimes: bigint): BillCheckResult {
  if (!state.isActive || state.isRestricted || isPastCutoff(state.cutoffDay, state.at))
    return 'ACCESS_RESTRICTED';
  if (amountCentimes > availableForTopUp(state)) return 'BALANCE_INSUFFICIENT';
  if (amountCentimes > state.walletBalanceCentimes) return 'INSUFFICIENT_FUNDS';
  return null;
}

/**
 * The amount the employee may pay of a bill: the amount due, or where the biller accepts a part
 * of it anything from 0.01 DH up to the amount due. A field error code, or null.
 */
export function checkBillAmount(
  amountCentimes: bigint,
  bill: { amountDueCentimes: bigint; partial: boolean },
): 'min_value' | 'BILL_AMOUNT_MISMATCH' | 'BILL_AMOUNT_TOO_HIGH' | null {
  if (amountCentimes <= 0n) return 'min_value';
  if (amountCentimes > bill.amountDueCentimes) return 'BILL_AMOUNT_TOO_HIGH';
  if (!bill.partial && amountCentimes !== bill.amountDueCentimes) return 'BILL_AMOUNT_MISMATCH';
  return null;
}
