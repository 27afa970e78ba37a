import { TIME_ZONE } from '@tasbiq/contracts/constants';
import { IDENTITY_CSV_COLUMNS } from '@tasbiq/contracts/signup';

/** '1990-03-15' → '15/03/1990' (a calendar day: no time zone involved). */
export function formatIsoDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (day ?? '');
}

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

/** An ISO datetime → its day in Casablanca, '15/03/2026'. */
export function formatDay(dateTime: string): string {
  const date = new Date(dateTime);
  return Number.isNaN(date.getTime()) ? dateTime : dayFormat.format(date);
}

/** The template HR downloads: what French Excel writes (UTF-8 BOM, `;`, CRLF). */
export const IDENTITY_TEMPLATE_CSV = `\uFEFF${IDENTITY_CSV_COLUMNS.join(';')}\r\nM0001;15/03/1990\r\n`;
export const IDENTITY_TEMPLATE_NAME = 'modele-identites.csv';
