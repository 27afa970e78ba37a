import { intlCasablancaOffsetMinutes } from '@tasbiq/contracts/casablanca-time';

/**
 * Moroccan wall time on a device whose time zone rules may be years old (decision 023). Phones
 * keep old tz data for a long time, and Morocco changed its rules in 2026 (UTC+00 for good since
 * 20 September). So:
 * - a datetime from the API carries Casablanca's offset ("2026-10-31T23:30:00.000+00:00") and
 *   its wall time is read from the string itself, never recomputed with the device's rules;
 * - "now" uses the offset the API sent in its last response (`Casablanca-Offset` header), and
 *   the device's rules only when no API answer is recent enough.
 */
export type WallTime = {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([+-]\d{2}:?\d{2})$/;
const OFFSET_TEXT = /^([+-])(\d{2}):?(\d{2})$/;
/** How long an offset learned from the API stands for "now": offsets change a few times a decade. */
const SERVER_OFFSET_TTL_MS = 6 * 3_600_000;

let serverOffset: { minutes: number; learnedAt: number } | null = null;

function parseOffset(text: string): number | null {
  const match = OFFSET_TEXT.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** Records the `Casablanca-Offset` header of an API response ("+00:00"); anything else is ignored. */
export function rememberCasablancaOffset(header: string | null | undefined, now: Date = new Date()): void {
  const minutes = header ? parseOffset(header) : null;
  if (minutes !== null) serverOffset = { minutes, learnedAt: now.getTime() };
}

/** Forgets what the API said (tests). */
export function forgetCasablancaOffset(): void {
  serverOffset = null;
}

/** Casablanca's offset at an instant: the API's word near the time it said it, else the device's rules. */
export function casablancaOffsetMinutes(at: Date): number {
  if (serverOffset && Math.abs(at.getTime() - serverOffset.learnedAt) < SERVER_OFFSET_TTL_MS)
    return serverOffset.minutes;
  return intlCasablancaOffsetMinutes(at);
}

function wallTimeOfInstant(at: Date): WallTime {
  const shifted = new Date(at.getTime() + casablancaOffsetMinutes(at) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * The Casablanca wall time of a value: the digits written in an API datetime that has an offset,
 * otherwise the instant converted (a Date, a timestamp, or an ISO string in UTC). null when
 * the value is not a date.
 */
export function casablancaWallTime(value: Date | string | number): WallTime | null {
  if (typeof value === 'string') {
    const match = WITH_OFFSET.exec(value.trim());
    if (match) {
      const [, year, month, day, hour, minute, second] = match;
      const wall = {
        year: Number(year),
        month: Number(month),
        day: Number(day),
        hour: Number(hour),
        minute: Number(minute),
        second: Number(second ?? 0),
      };
      return Number.isNaN(wallTimeAsUtc(wall).getTime()) ? null : wall;
    }
  }
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : wallTimeOfInstant(at);
}

/**
 * The wall time as a Date whose UTC fields are those digits: format it with `timeZone: 'UTC'`
 * to print Moroccan time without applying any time zone rule.
 */
export function wallTimeAsUtc(wall: WallTime): Date {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
}

/** Casablanca's wall time now (or at `now`). */
export function casablancaNow(now: Date = new Date()): WallTime {
  return wallTimeOfInstant(now);
}
