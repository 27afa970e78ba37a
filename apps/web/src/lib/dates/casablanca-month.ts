import { TIME_ZONE } from '@tasbiq/contracts/constants';

/** A calendar month: `month` 1–12. */
export type YearMonth = { month: number; year: number };

const yearMonthParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
});

/**
 * The month it is in Morocco at `now`, whatever the device's zone: the API counts months
 * (balances, deductions, default filters) in Africa/Casablanca.
 */
export function currentMonth(now = new Date()): YearMonth {
  const parts = yearMonthParts.formatToParts(now);
  const value = (type: 'month' | 'year') => Number(parts.find((part) => part.type === type)?.value);
  return { month: value('month'), year: value('year') };
}

/** This Casablanca year and the `count - 1` before it, newest first: the year pickers' options. */
export function recentYears(now = new Date(), count = 5): number[] {
  const { year } = currentMonth(now);
  return Array.from({ length: count }, (_, index) => year - index);
}
