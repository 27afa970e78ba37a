/**
 * Working days for the mission-order reminders (issue 14 ★): Monday to Friday, counted on
 * Casablanca calendar days (lib/time.ts); public holidays are not counted out (not written down
 * anywhere yet). Pure, so tests pass "now".
 */
import { casablancaDate } from '../../lib/time.ts';

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/** Whether a `YYYY-MM-DD` day is a working day (not Saturday nor Sunday). */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Working days strictly after `fromDay` up to and including `toDay` (0 when toDay ≤ fromDay). */
export function workingDaysBetween(fromDay: string, toDay: string): number {
  const from = dayNumber(fromDay);
  const to = dayNumber(toDay);
  let count = 0;
  for (let n = from + 1; n <= to; n++) {
    const weekday = new Date(n * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/** Working days an order sent at `submittedAt` has waited by `now` (Casablanca days). */
export function workingDaysWaited(submittedAt: Date, now: Date): number {
  return workingDaysBetween(casablancaDate(submittedAt), casablancaDate(now));
}

/** Pending for more than `limit` working days. */
export function isOverdue(submittedAt: Date, now: Date, limit: number): boolean {
  return workingDaysWaited(submittedAt, now) > limit;
}

/**
 * The first Casablanca day D such that an order sent on any day before D has waited more than
 * `limit` working days at `now`, so SQL can select the overdue ones with one comparison
 * (`submitted_at < start of D`).
 */
export function overdueSentBeforeDay(now: Date, limit: number): string {
  let n = dayNumber(casablancaDate(now));
  let counted = 0;
  while (counted < limit + 1) {
    const weekday = new Date(n * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
    n--;
  }
  // Sent on day n or earlier: limit + 1 working days (n + 1 … today) have passed.
  return new Date((n + 1) * DAY_MS).toISOString().slice(0, 10);
}
