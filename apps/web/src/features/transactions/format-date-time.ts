import { TIME_ZONE } from '@tasbiq/contracts/constants';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "12/03/2026 14:05" in Morocco's time, whatever the device's zone (as in the CSV export). */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date).replace(',', '');
}
