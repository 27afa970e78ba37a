/**
 * Issue 3, "Business rules" → "Limits": whether an advance request may go ahead, checked in this
 * order, the first failure winning:
 *   min_value              amount ≤ 0 (a validation error: the route answers 400 on the field)
 *   ACCESS_RESTRICTED      employee restricted by HR, or the Casablanca day of month is after the
 *                          company's cut-off day
 *   REQUEST_LIMIT_EXCEEDED the month already holds max advances per month (-1 = unlimited)
 *   AMOUNT_LIMIT_EXCEEDED  amount > total max advance per month
 *   BALANCE_INSUFFICIENT   amount + fee > available
 *   INSUFFICIENT_FUNDS     the company wallet cannot cover amount + fee
 * All amounts are bigint centimes; available was rounded DOWN upstream so that a request can never
 * exceed what the employee has really earned, and nothing here rounds.
 */
import { UNLIMITED } from '@tasbiq/contracts/constants';
import { casablancaMonth } from '../../lib/time.ts';

export const ADVANCE_ERROR_CODES = [
  'ACCESS_RESTRICTED',
  'REQUEST_LIMIT_EXCEEDED',
  'AMOUNT_LIMIT_EXCEEDED',
  'BALANCE_INSUFFICIENT',
  'INSUFFICIENT_FUNDS',
] as const;
export type AdvanceErrorCode = (typeof ADVANCE_ERROR_CODES)[number];
/** `min_value` is a field validation code (amount must be > 0), not a business error code. */
export type AdvanceCheckResult = AdvanceErrorCode | 'min_value' | null;

export interface AdvanceRequestCheckInput {
  amountCentimes: bigint;
  feeCentimes: bigint;
  /** Available balance in centimes (see available.ts). */
  available: bigint;
  /** Advances already made this month (not canceled, rejected or failed), this one excluded. */
  requestsThisMonth: number;
  /** -1 (UNLIMITED) = no limit. */
  maxAdvancesPerMonth: number;
  /** Total max advance per month in centimes; null = no cap. */
  totalMaxPerMonthCentimes: bigint | null;
  isRestricted: boolean;
  /** Company cut-off day of month (e.g. 25: requests allowed through the 25th); null = none. */
  cutoffDay: number | null;
  at: Date;
  walletBalanceCentimes: bigint;
}

/** True when the Casablanca day of month of `at` is after the cut-off day. */
export function isPastCutoff(cutoffDay: number | null, at: Date): boolean {
  return cutoffDay !== null && casablancaMonth(at).day > cutoffDay;
}

/** null when the request may go ahead, else the first failing code (order in the file comment). */
export function checkAdvanceRequest(input: AdvanceRequestCheckInput): AdvanceCheckResult {
  if (input.amountCentimes <= 0n) return 'min_value';
  if (input.isRestricted || isPastCutoff(input.cutoffDay, input.at)) return 'ACCESS_RESTRICTED';
  if (input.maxAdvancesPerMonth !== UNLIMITED && input.requestsThisMonth >= input.maxAdvancesPerMonth) {
    return 'REQUEST_LIMIT_EXCEEDED';
  }
  if (input.totalMaxPerMonthCentimes !== null && input.amountCentimes > input.totalMaxPerMonthCentimes) {
    return 'AMOUNT_LIMIT_EXCEEDED';
  }
  const total = input.amountCentimes + (input.feeCentimes < 0n ? 0n : input.feeCentimes);
  if (total > input.available) return 'BALANCE_INSUFFICIENT';
  if (total > input.walletBalanceCentimes) return 'INSUFFICIENT_FUNDS';
  return null;
}
