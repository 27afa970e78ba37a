/**
 * Moroccan time, computed in one place (decision 023). Every "today", "this month", day count and
 * day bucket of the API comes from here, from Node's own time zone rules (ICU, tz ≥ 2026c):
 * Africa/Casablanca has been UTC+00 for good since 2026-09-20 02:00 local time (01:00 UTC); before that it was UTC+01
 * with UTC+00 during Ramadan. SQL never converts to Casablanca time itself: queries receive the
 * instants computed here, so one answer never mixes Node's rules with the database's.
 */
import { intlCasablancaOffsetMinutes } from '@tasbiq/contracts/casablanca-time';

const HOUR_MS = 3_600_000;
// Casablanca has only ever changed its offset on whole UTC hours, so the offset is cached per UTC
// hour: serialising a page of rows then costs a Map lookup per date, not an Intl call.
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_SIZE = 4096;

/** Offset (minutes east of UTC) of Africa/Casablanca at an instant. */
export function casablancaOffsetMinutes(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = intlCasablancaOffsetMinutes(new Date(hour * HOUR_MS));
    if (offsetByHour.size >= OFFSET_CACHE_SIZE) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The instant shifted by Casablanca's offset: its UTC fields are the Casablanca wall time. */
function wallClock(at: Date): Date {
  return new Date(at.getTime() + casablancaOffsetMinutes(at) * 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar date in Casablanca of an instant, as `YYYY-MM-DD`. */
export function casablancaDate(at: Date): string {
  return wallClock(at).toISOString().slice(0, 10);
}

/** Midnight in Casablanca of a `YYYY-MM-DD` day (plus `addDays`), as an instant. */
export function startOfDayInCasablanca(day: string, addDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d + addDays);
  // Two passes: the offset at local midnight may differ from the one at UTC midnight.
  let guess = utcMidnight - casablancaOffsetMinutes(new Date(utcMidnight)) * 60_000;
  guess = utcMidnight - casablancaOffsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess);
}

export type CasablancaMonth = {
  year: number;
  /** 1–12 */
  month: number;
  /** Day of month, 1–31. */
  day: number;
  daysInMonth: number;
};

/** The calendar month and day of an instant in Africa/Casablanca. */
export function casablancaMonth(at: Date): CasablancaMonth {
  const wall = wallClock(at);
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: wall.getUTCDate(), daysInMonth };
}

export type CasablancaMonthBounds = { start: Date; end: Date; month: CasablancaMonth };

/** [start, end) of a Casablanca calendar month (`month` 1–12), as instants. */
export function casablancaMonthRange(year: number, month: number): { start: Date; end: Date } {
  const first = `${year}-${pad(month)}-01`;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: startOfDayInCasablanca(first), end: startOfDayInCasablanca(first, daysInMonth) };
}

/** [start, end) of a Casablanca calendar year, as instants. */
export function casablancaYearRange(year: number): { start: Date; end: Date } {
  return { start: startOfDayInCasablanca(`${year}-01-01`), end: startOfDayInCasablanca(`${year + 1}-01-01`) };
}

let boundsCache: { hour: number; value: CasablancaMonthBounds } | null = null;
/** [start, end) of the Casablanca calendar month holding `at`, as instants, and that month. */
export function casablancaMonthBounds(at: Date): CasablancaMonthBounds {
  // Within one UTC hour the offset, hence the month, is the same (see offsetByHour).
  const hour = Math.floor(at.getTime() / HOUR_MS);
  if (boundsCache?.hour === hour) return boundsCache.value;
  const month = casablancaMonth(at);
  const value = { ...casablancaMonthRange(month.year, month.month), month };
  boundsCache = { hour, value };
  return value;
}

/**
 * The last `count` Casablanca days, today included, oldest first: their dates, the instant each
 * starts, and the end of today. `starts` are the bucket edges a query groups rows by (see
 * `dayBucketSql`), so SQL never applies time zone rules of its own.
 */
export function lastCasablancaDays(count: number, now: Date = new Date()) {
  const today = casablancaDate(now);
  const days: string[] = [];
  const starts: Date[] = [];
  for (let i = count - 1; i >= 0; i -= 1) {
    const start = startOfDayInCasablanca(today, -i);
    starts.push(start);
    days.push(casablancaDate(start));
  }
  return { days, starts, start: starts[0]!, end: startOfDayInCasablanca(today, 1) };
}
export type CasablancaDays = ReturnType<typeof lastCasablancaDays>;

/** "+01:00" / "+00:00" for an offset in minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * An instant on the wire: ISO 8601 with Casablanca's offset at that instant
 * ("2026-10-31T23:30:00.000+00:00", "2025-12-01T13:00:00.000+01:00"), so a screen shows the wall
 * time written in the string, whatever time zone rules the device has (decision 023).
 */
export function toWireDateTime(at: Date): string {
  const offset = casablancaOffsetMinutes(at);
  const wall = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 23);
  return `${wall}${offsetText(offset)}`;
}

/** `toWireDateTime` for a nullable column. */
export function toWireDateTimeOrNull(at: Date | null | undefined): string | null {
  return at ? toWireDateTime(at) : null;
}

/** Casablanca's current offset as sent in the `Casablanca-Offset` response header ("+00:00"). */
export function casablancaOffsetHeader(now: Date = new Date()): string {
  return offsetText(casablancaOffsetMinutes(now));
}

/** "31/10/2026 23:30": Casablanca wall time as the French CSV exports print it. */
export function formatCasablancaDateTime(at: Date): string {
  const wall = wallClock(at);
  return `${pad(wall.getUTCDate())}/${pad(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
