import { casablancaNow } from './casablanca-clock.ts';

/** A calendar month: `month` 1–12. */
export type YearMonth = { month: number; year: number };

/**
 * The month it is in Morocco at `now`, whatever the device's zone: the API counts months
 * (balances, deductions, default filters) in Africa/Casablanca.
 */
export function currentMonth(now = new Date()): YearMonth {
  const { month, year } = casablancaNow(now);
  return { month, year };
}

/** This Casablanca year and the `count - 1` before it, newest first: the year pickers' options. */
export function recentYears(now = new Date(), count = 5): number[] {
  const { year } = currentMonth(now);
  return Array.from({ length: count }, (_, index) => year - index);
}
