import type { YearMonth } from '../dates/casablanca-month.ts';

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });

/** "Janvier" … "Décembre" (index 0 is January), for the month pickers. */
export const MONTHS_FR: readonly string[] = Array.from({ length: 12 }, (_, index) => {
  const name = monthName.format(new Date(Date.UTC(2024, index, 15)));
  return name.charAt(0).toUpperCase() + name.slice(1);
});

/** "octobre 2026", for a month inside a sentence (French month names take no capital). */
export function formatMonthInSentence({ month, year }: YearMonth): string {
  return `${(MONTHS_FR[month - 1] ?? String(month)).toLowerCase()} ${year}`;
}

/**
 * "de novembre 2026", "d’octobre 2026": the month after "de", elided before a vowel (avril, août,
 * octobre), e.g. `Vos opérations ${ofMonth(period)}`.
 */
export function ofMonth(period: YearMonth): string {
  const text = formatMonthInSentence(period);
  return /^[aeiouyàâäéèêëîïôöûüh]/i.test(text) ? `d’${text}` : `de ${text}`;
}
