/**
 * The days of a recurrent bonus (issue 13: "the same day of the next month or year in Casablanca
 * time"). Pure functions on Casablanca calendar days (`YYYY-MM-DD`); the instants come from
 * lib/time.ts. `anchorDay` is the day of month the series was created on: after a short month it
 * comes back (31 Jan → 28 Feb → 31 Mar), and a yearly series started on 29 Feb pays on 28 Feb in
 * the other years.
 */
import type { TBonusRecurrence } from '@tasbiq/contracts/bonuses';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day of the occurrence after `day`; null for a bonus that does not recur. */
export function nextOccurrenceDay(
  day: string,
  recurrence: TBonusRecurrence,
  anchorDay: number,
): string | null {
  if (recurrence === 'non_recurrent') return null;
  const [year, month] = day.split('-').map(Number) as [number, number];
  const step = recurrence === 'monthly' ? 1 : 12;
  const index = year * 12 + (month - 1) + step;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  const nextDay = Math.min(anchorDay, daysInMonth(nextYear, nextMonth));
  return `${pad(nextYear, 4)}-${pad(nextMonth)}-${pad(nextDay)}`;
}

/** The day of month of a `YYYY-MM-DD` day. */
export function dayOfMonth(day: string): number {
  return Number(day.slice(8, 10));
}

/** True when an occurrence planned for `day` is due on Casablanca day `today`. */
export function isOccurrenceDue(day: string, today: string): boolean {
  return day <= today;
}
