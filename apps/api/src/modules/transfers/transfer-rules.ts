/**
 * Whether a transfer may be paid out of the employee's balance (decision 044), with the same rules
 * and codes as a top-up: ACCESS_RESTRICTED (restricted by HR, deactivated, or past the company's
 * cut-off day), BALANCE_INSUFFICIENT (amount + fee above what is available this month), then
 * INSUFFICIENT_FUNDS (the company wallet; checked again under its lock when posting). The
 * per-transfer ceiling is the contract's (TRANSFER_MAX_DH), checked when the body is parsed.
 */
import { availableBalance } from '../advances/available.ts';
import { earnedThisMonth } from '../advances/earned.ts';
import { isPastCutoff } from '../advances/limits.ts';
import type { SpendingState } from '../spending/state.ts';

export type TransferCheckResult = 'ACCESS_RESTRICTED' | 'BALANCE_INSUFFICIENT' | 'INSUFFICIENT_FUNDS' | null;

/** What the employee may still draw now, in centimes (the advances' and top-ups' own functions). */
export function availableForTransfer(state: SpendingState): bigint {
  const earned = earnedThisMonth({
    method: state.balanceMethod,
    salaryCentimes: state.salaryCentimes,
    hourlyRateCentimes: state.hourlyRateCentimes,
    netPayableCentimes: state.netPayableCentimes,
    workedDays: state.workedDays,
    workedHours: state.workedHours,
    at: state.at,
  });
  return availableBalance({
    earned,
    advancePercentage: state.advancePercentage,
    totalMaxPerMonthCentimes: state.totalMaxAdvancePerMonthCentimes,
    alreadyDrawnCentimes: state.drawnCentimes,
  });
}

/** null when the transfer (amount + fee, in centimes) may go ahead, else the first failing code. */
export function checkTransfer(state: SpendingState, totalCentimes: bigint): TransferCheckResult {
  if (!state.isActive || state.isRestricted || isPastCutoff(state.cutoffDay, state.at))
    return 'ACCESS_RESTRICTED';
  if (totalCentimes > availableForTransfer(state)) return 'BALANCE_INSUFFICIENT';
  if (totalCentimes > state.walletBalanceCentimes) return 'INSUFFICIENT_FUNDS';
  return null;
}
