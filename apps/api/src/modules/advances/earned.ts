/**
 * Issue 3, "Business rules" → "Earned this month": what the employee has earned so far this month
 * (Africa/Casablanca calendar), by the employee's balance method:
 *   1 current day  = salary × day of month ÷ days in month
 *   2 worked days  = salary ÷ 26 × min(worked days, 26)   (worked days uploaded by HR)
 *   3 net payable  = the month's net à payer
 *   4 hourly rate  = hourly rate × worked hours            (worked hours uploaded by HR)
 * Money is bigint centimes and is rounded DOWN (one floor, at the end of each formula): the platform
 * must never let an employee draw a centime that is not yet earned, so every rounding favours "less".
 * Worked time comes from the DB as numeric strings ("21.50"); it is parsed exactly to hundredths,
 * never through floats.
 */
import { casablancaMonth } from '../../lib/time.ts';

export type BalanceMethod = 1 | 2 | 3 | 4;

export const BALANCE_METHOD = {
  CURRENT_DAY: 1,
  WORKED_DAYS: 2,
  NET_PAYABLE: 3,
  HOURLY_RATE: 4,
} as const satisfies Record<string, BalanceMethod>;

/** Method 2 divides the monthly salary by this many working days and caps worked days there. */
export const WORKED_DAYS_PER_MONTH = 26;

export type DecimalInput = string | number | bigint | null | undefined;

/**
 * A non-negative decimal ("21.50", "21.5", "21", 21.5, 21n) as an integer number of hundredths.
 * Digits past the second decimal are dropped (rounded down). null, undefined and "" → null
 * (missing). Anything else that is not a non-negative decimal throws a RangeError: a corrupt upload
 * must not silently become a balance.
 */
export function parseHundredths(value: DecimalInput): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError(`negative worked time: ${value}`);
    return value * 100n;
  }
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return null;
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal: ${JSON.stringify(value)}`);
  const [, units, decimals = ''] = match;
  return BigInt(units!) * 100n + BigInt(decimals.slice(0, 2).padEnd(2, '0'));
}

export interface EarnedInput {
  method: BalanceMethod;
  /** Monthly net salary in centimes (methods 1 and 2). */
  salaryCentimes: bigint | null;
  /** Hourly rate in centimes (method 4). */
  hourlyRateCentimes: bigint | null;
  /** The month's net à payer in centimes (method 3). */
  netPayableCentimes: bigint | null;
  /** Worked days this month uploaded by HR (method 2); missing → earned 0. */
  workedDays: DecimalInput;
  /** Worked hours this month uploaded by HR (method 4); missing → earned 0. */
  workedHours: DecimalInput;
  at: Date;
}

const nonNegative = (value: bigint | null): bigint => (value === null || value < 0n ? 0n : value);

/** Earned so far this month in centimes, rounded down; never negative. */
export function earnedThisMonth(input: EarnedInput): bigint {
  switch (input.method) {
    case 1: {
      const { day, daysInMonth } = casablancaMonth(input.at);
      return (nonNegative(input.salaryCentimes) * BigInt(day)) / BigInt(daysInMonth);
    }
    case 2: {
      const hundredths = parseHundredths(input.workedDays);
      if (hundredths === null) return 0n;
      const cap = BigInt(WORKED_DAYS_PER_MONTH) * 100n;
      const days = hundredths > cap ? cap : hundredths;
      // salary ÷ 26 × days, floored once: salary × days(hundredths) ÷ (26 × 100).
      return (nonNegative(input.salaryCentimes) * days) / cap;
    }
    case 3:
      return nonNegative(input.netPayableCentimes);
    case 4: {
      const hundredths = parseHundredths(input.workedHours);
      if (hundredths === null) return 0n;
      return (nonNegative(input.hourlyRateCentimes) * hundredths) / 100n;
    }
    default:
      throw new RangeError(`unknown balance method: ${String((input as { method: unknown }).method)}`);
  }
}
