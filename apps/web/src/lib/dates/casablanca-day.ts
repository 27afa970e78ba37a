import { casablancaWallTime } from './casablanca-clock.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The day `date` falls on in Morocco, as YYYY-MM-DD: what the API puts in file names and date
 * filters, whatever the device's zone and time zone rules (see casablanca-clock.ts).
 */
export function casablancaDay(date: Date | string = new Date()): string {
  const wall = casablancaWallTime(date);
  return wall ? `${wall.year}-${pad(wall.month)}-${pad(wall.day)}` : '';
}
