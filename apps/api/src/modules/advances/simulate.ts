/**
 * Issue 3, "Business rules" → all of them at once, for POST /advances/simulate/ (and for the create
 * path, which re-runs it under a lock): earned → available → fee → limits. Bigint centimes, rounded
 * DOWN at every step (earned, percentage share) so that the simulation never promises more than the
 * employee has earned.
 */
import { availableBalance } from './available.ts';
import { type EarnedInput, earnedThisMonth } from './earned.ts';
import { advanceFee } from './fees.ts';
import { type AdvanceCheckResult, checkAdvanceRequest } from './limits.ts';

export interface SimulateAdvanceInput extends EarnedInput {
  amountCentimes: bigint;
  advancePercentage: number;
  totalMaxPerMonthCentimes: bigint | null;
  /** Drawn this month: advances + top-ups + fees, not canceled, rejected or failed. */
  alreadyDrawnCentimes: bigint;
  /**
   * Advances this month, not canceled, rejected or failed: counts toward both the request limit and
   * the free advances.
   */
  advancesThisMonth: number;
  maxAdvancesPerMonth: number;
  maxFreeAdvancesPerMonth: number;
  companyFeeCentimes: bigint | null;
  isRestricted: boolean;
  cutoffDay: number | null;
  walletBalanceCentimes: bigint;
}

export interface AdvanceSimulation {
  amount: bigint;
  fee: bigint;
  /** amount + fee */
  total: bigint;
  is_free: boolean;
  earned: bigint;
  /** Available before this advance. */
  available: bigint;
  /** Available once this advance is drawn; unchanged (= available) when the request is refused. */
  available_after: bigint;
  error_code: AdvanceCheckResult;
}

export function simulateAdvance(input: SimulateAdvanceInput): AdvanceSimulation {
  const earned = earnedThisMonth(input);
  const available = availableBalance({
    earned,
    advancePercentage: input.advancePercentage,
    totalMaxPerMonthCentimes: input.totalMaxPerMonthCentimes,
    alreadyDrawnCentimes: input.alreadyDrawnCentimes,
  });
  const { feeCentimes, isFree } = advanceFee({
    advancesThisMonth: input.advancesThisMonth,
    maxFreeAdvancesPerMonth: input.maxFreeAdvancesPerMonth,
    companyFeeCentimes: input.companyFeeCentimes,
  });
  const total = input.amountCentimes + feeCentimes;
  const errorCode = checkAdvanceRequest({
    amountCentimes: input.amountCentimes,
    feeCentimes,
    available,
    requestsThisMonth: input.advancesThisMonth,
    maxAdvancesPerMonth: input.maxAdvancesPerMonth,
    totalMaxPerMonthCentimes: input.totalMaxPerMonthCentimes,
    isRestricted: input.isRestricted,
    cutoffDay: input.cutoffDay,
    at: input.at,
    walletBalanceCentimes: input.walletBalanceCentimes,
  });
  return {
    amount: input.amountCentimes,
    fee: feeCentimes,
    total,
    is_free: isFree,
    earned,
    available,
    available_after: errorCode === null ? available - total : available,
    error_code: errorCode,
  };
}
