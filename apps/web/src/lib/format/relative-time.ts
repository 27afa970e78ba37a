import { commonFr } from '../../locales/fr/common.ts';
import { casablancaWallTime, wallTimeAsUtc } from '../dates/casablanca-clock.ts';

/**
 * "How long ago" for notifications and history (spec §9): under a minute, minutes, hours, days up to
 * 7 days, then the date (dd/mm/yyyy in Morocco's time zone, whatever the device's zone).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MAX_RELATIVE_DAYS = 7;

// numeric 'always' gives "il y a 1 jour" rather than "hier", which would be wrong for 30 hours ago.
const relative = new Intl.RelativeTimeFormat('fr', { numeric: 'always' });
const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** dd/mm/yyyy of the Casablanca day (an API string's own wall time, see casablanca-clock.ts). */
export function formatDate(date: Date | string | number): string {
  const wall = casablancaWallTime(date);
  return wall ? dateFormat.format(wallTimeAsUtc(wall)) : '';
}

export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const elapsed = now.getTime() - value.getTime();
  // A few seconds in the future is clock skew between the device and the server, not a future event.
  if (elapsed < MINUTE && elapsed > -MINUTE) return commonFr.justNow;
  if (elapsed < 0) return formatDate(date);
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days <= MAX_RELATIVE_DAYS) return relative.format(-days, 'day');
  return formatDate(date);
}
