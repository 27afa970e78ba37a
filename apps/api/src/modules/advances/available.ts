/**
 * Issue 3, "Business rules" → "Available": min(earned × advance percentage ÷ 100, total max advance
 * per month) − already drawn this month (advances and top-ups not canceled, rejected or failed, fees
 * included), never below 0. Bigint centimes, rounded DOWN: rounding up would let an employee draw
 * more than the percentage of what they earned.
 */

export interface AvailableInput {
  /** Earned this month in centimes (see earned.ts). */
  earned: bigint;
  /** Advance percentage, an integer 0–100 (company/employee setting). */
  advancePercentage: number;
  /** Total max advance per month in centimes; null = no monthly cap. */
  totalMaxPerMonthCentimes: bigint | null;
  /** Already drawn this month in centimes (advances + top-ups + fees, not canceled/rejected/failed). */
  alreadyDrawnCentimes: bigint;
}

/** earned × percentage ÷ 100, floored, capped by the monthly max (the ceiling before draws). */
export function advanceCeiling(
  earned: bigint,
  advancePercentage: number,
  totalMaxPerMonthCentimes: bigint | null,
): bigint {
  if (!Number.isInteger(advancePercentage) || advancePercentage < 0 || advancePercentage > 100) {
    throw new RangeError(`advance percentage must be an integer 0–100: ${advancePercentage}`);
  }
  const share = ((earned < 0n ? 0n : earned) * BigInt(advancePercentage)) / 100n;
  if (totalMaxPerMonthCentimes === null) return share;
  const max = totalMaxPerMonthCentimes < 0n ? 0n : totalMaxPerMonthCentimes;
  return share < max ? share : max;
}

/** What the employee may still draw this month, in centimes; never negative. */
export function availableBalance(input: AvailableInput): bigint {
  const ceiling = advanceCeiling(input.earned, input.advancePercentage, input.totalMaxPerMonthCentimes);
  const left = ceiling - input.alreadyDrawnCentimes;
  return left > 0n ? left : 0n;
}
