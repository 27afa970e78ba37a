/**
 * Issue 3, "Business rules" → "Fees": the first N advances of the month are free (max free advances
 * per month); after that the company's flat fee applies (demo: 15 DH = 1500n centimes). A flat fee in
 * integer centimes needs no rounding; were it ever computed, it would round DOWN like every amount
 * charged to the employee.
 */
import { UNLIMITED } from '@tasbiq/contracts/constants';

/** The demo company's flat fee per advance beyond the free ones: 15 DH. */
export const DEMO_ADVANCE_FEE_CENTIMES = 1500n;

export interface AdvanceFeeInput {
  /** Advances already made this month, not counting canceled, rejected or failed ones. */
  advancesThisMonth: number;
  /** Free advances per month; -1 (UNLIMITED) = every advance is free. */
  maxFreeAdvancesPerMonth: number;
  /** The company's flat fee in centimes; null = no fee. */
  companyFeeCentimes: bigint | null;
}

export interface AdvanceFee {
  feeCentimes: bigint;
  isFree: boolean;
}

/** The fee of the next advance of the month. */
export function advanceFee(input: AdvanceFeeInput): AdvanceFee {
  const { advancesThisMonth, maxFreeAdvancesPerMonth } = input;
  if (!Number.isInteger(advancesThisMonth) || advancesThisMonth < 0) {
    throw new RangeError(`advancesThisMonth must be a non-negative integer: ${advancesThisMonth}`);
  }
  if (
    !Number.isInteger(maxFreeAdvancesPerMonth) ||
    (maxFreeAdvancesPerMonth < 0 && maxFreeAdvancesPerMonth !== UNLIMITED)
  ) {
    throw new RangeError(`maxFreeAdvancesPerMonth must be ≥ 0 or -1: ${maxFreeAdvancesPerMonth}`);
  }
  const fee =
    input.companyFeeCentimes === null || input.companyFeeCentimes < 0n ? 0n : input.companyFeeCentimes;
  const free =
    maxFreeAdvancesPerMonth === UNLIMITED || advancesThisMonth < maxFreeAdvancesPerMonth || fee === 0n;
  return free ? { feeCentimes: 0n, isFree: true } : { feeCentimes: fee, isFree: false };
}
