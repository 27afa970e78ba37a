import { TIME_ZONE } from '@tasbiq/contracts/constants';

// Built once: constructing an Intl.DateTimeFormat with a time zone costs ~0.5 ms, formatting µs,
// and these run several times per balance read (GET /employees/solde is benchmarked).
const casablancaParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const casablancaDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/** Offset (minutes east of UTC) of Africa/Casablanca at an instant; Morocco shifts around Ramadan. */
export function casablancaOffsetMinutes(at: Date): number {
  const parts = casablancaParts.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
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

/** The calendar date in Casablanca of an instant, as `YYYY-MM-DD`. */
export function casablancaDate(at: Date): string {
  return casablancaDay.format(at);
}
