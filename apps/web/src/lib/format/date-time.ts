import { casablancaWallTime, wallTimeAsUtc } from '../dates/casablanca-clock.ts';

// timeZone 'UTC' on the wall time's digits: the Moroccan hour comes from the API's string, never
// from the device's time zone rules (decision 023).
const numericDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * "12/03/2026 14:05" in Morocco's time, whatever the device's zone (as in the CSV exports); an
 * unreadable value gives '' rather than an exception in the middle of a list.
 */
export function formatDateTime(value: string): string {
  const wall = casablancaWallTime(value);
  return wall ? numericDateTime.format(wallTimeAsUtc(wall)).replace(',', '') : '';
}

const dateTimeWithMonthName = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "20 nov. 2026, 10:15" in Morocco's time: the employee's history, easier to read than digits. */
export function formatDateTimeWithMonthName(value: string): string {
  const wall = casablancaWallTime(value);
  return wall ? dateTimeWithMonthName.format(wallTimeAsUtc(wall)) : '';
}
