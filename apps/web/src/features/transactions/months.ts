import { TIME_ZONE } from '@tasbiq/contracts/constants';

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });

/** "Janvier" … "Décembre", for the period pickers. */
export const MONTHS_FR: readonly string[] = Array.from({ length: 12 }, (_, index) => {
  const name = monthName.format(new Date(Date.UTC(2024, index, 15)));
  return name.charAt(0).toUpperCase() + name.slice(1);
});

/** The Casablanca month and year of `now` (the API counts months in Africa/Casablanca). */
export function currentMonth(now = new Date()): { month: number; year: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const value = (type: 'month' | 'year') => Number(parts.find((part) => part.type === type)?.value);
  return { month: value('month'), year: value('year') };
}

/** This year and the four before: what HR looks back on. */
export function recentYears(now = new Date(), count = 5): number[] {
  const { year } = currentMonth(now);
  return Array.from({ length: count }, (_, index) => year - index);
}
