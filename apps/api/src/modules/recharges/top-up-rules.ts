/**
 * Whether a phone top-up may be paid out of the employee's balance (decision 020): top-ups pass
 * ACCESS_RESTRICTED (restricted by HR, deactivated, or past the company's cut-off day) and
 * BALANCE_INSUFFICIENT (the discounted amount is more than what is available this month). They
 * have no request limit nor fee: those count advances only. INSUFFICIENT_FUNDS (the company
 * wallet) is checked here early and again under the wallet's lock when posting.
 *
 * Earned and available come from the same pure functions as advances, so a top-up and an
 * advance can never disagree on what the employee may still draw.
 */
import { availableBalance } from '../advances/available.ts';
import { earnedThisMonth } from '../advances/earned.ts';
import { isPastCutoff } from '../advances/limits.ts';
import type { SpendingState } from '../spending/state.ts';

export type TopUpCheckResult = 'ACCESS_RESTRICTED' | 'BALANCE_INSUFFICIENT' | 'INSUFFICIENT_FUNDS' | null;

/** What the employee may still draw now, in centimes. */
export function availableForTopUp(state: SpendingState): bigint {
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

/** null when the top-up may go ahead, else the first failing code. */
export function checkTopUp(state: SpendingState, discountedCentimes: bigint): TopUpCheckResult {
  if (!state.isActive || state.isRestricted || isPastCutoff(state.cutoffDay, state.at))
    return 'ACCESS_RESTRICTED';
  if (discountedCentimes > availableForTopUp(state)) return 'BALANCE_INSUFFICIENT';
  if (discountedCentimes > state.walletBalanceCentimes) return 'INSUFFICIENT_FUNDS';
  return null;
}
