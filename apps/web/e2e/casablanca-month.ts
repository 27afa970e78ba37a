/**
 * What the month screens open on, computed here independently of the app's own code so a journey
 * would catch the app getting the month wrong.
 */
export const MONTHS_FR = [
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
];

/** "octobre 2026": the month as a sentence writes it (lower case). */
export function monthInSentence(month: number, year: number): string {
  return `${MONTHS_FR[month - 1]!.toLowerCase()} ${year}`;
}

/** "de mars 2026", "d’octobre 2026": after "de", elided before avril, août and octobre. */
export function ofMonthText(month: number, year: number): string {
  return [4, 8, 10].includes(month)
    ? `d’${monthInSentence(month, year)}`
    : `de ${monthInSentence(month, year)}`;
}

/** The current month and year in Morocco (the API counts months in Africa/Casablanca). */
export function casablancaMonth(): { month: number; year: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Casablanca',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { month: part('month'), year: part('year') };
}
