import { IDENTITY_CSV_COLUMNS } from '@tasbiq/contracts/signup';
import { formatDate } from '../../lib/format/relative-time.ts';

/** '1990-03-15' → '15/03/1990' (a calendar day: no time zone involved). */
export function formatIsoDay(day: string | null | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (day ?? '');
}

/** An ISO datetime → its day in Casablanca, '15/03/2026' (the text itself when not a date). */
export function formatDay(dateTime: string): string {
  return formatDate(dateTime) || dateTime;
}

/** The template HR downloads: what French Excel writes (UTF-8 BOM, `;`, CRLF). */
export const IDENTITY_TEMPLATE_CSV = `\uFEFF${IDENTITY_CSV_COLUMNS.join(';')}\r\nM0001;15/03/1990\r\n`;
export const IDENTITY_TEMPLATE_NAME = 'modele-identites.csv';
