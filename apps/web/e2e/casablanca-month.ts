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
