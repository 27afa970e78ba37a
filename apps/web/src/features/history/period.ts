import { TIME_ZONE } from '@tasbiq/contracts/constants';

export const MONTH_NAMES_FR = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
] as const;

/** How many years back the year filter goes. */
export const HISTORY_YEARS = 5;

export type Period = { month: number; year: number };

/** The month it is in Morocco (the API counts months in Africa/Casablanca too). */
export function currentPeriod(now = new Date()): Period {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { month: part('month'), year: part('year') };
}

export function periodLabel({ month, year }: Period): string {
  return `${(MONTH_NAMES_FR[month - 1] ?? '').toLowerCase()} ${year}`;
}

const dateTimeFr = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "20 nov. 2026, 10:15", in Morocco's time. */
export function formatDateTime(iso: string): string {
  return dateTimeFr.format(new Date(iso));
}
