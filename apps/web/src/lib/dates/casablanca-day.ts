import { TIME_ZONE } from '@tasbiq/contracts/constants';

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE });

/**
 * The day `date` falls on in Morocco, as YYYY-MM-DD (the `en-CA` format): what the API puts in
 * file names and date filters, whatever the device's zone.
 */
export function casablancaDay(date: Date | string = new Date()): string {
  return isoDay.format(typeof date === 'string' ? new Date(date) : date);
}
