import type { TCity } from '@tasbiq/contracts/terms';
import { MOROCCAN_CITIES } from './moroccan-cities.ts';

/**
 * Lower-case, accents, apostrophes, hyphens and spaces removed: people type "fes", "beni mellal",
 * "mdiq" or "tantan" on a phone keyboard and expect Fès, Béni Mellal, M'diq and Tan-Tan.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

type IndexedCity = { city: TCity; haystack: string };

const BY_NAME: readonly IndexedCity[] = [...MOROCCAN_CITIES]
  .sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }))
  .map((city) => ({ city, haystack: `${foldForSearch(city.name)}|${foldForSearch(city.region)}` }));

/** Cities sorted by name; with terms, only those where every term is in the name or the region. */
export function searchCities(terms: readonly string[] = []): TCity[] {
  const folded = terms.map(foldForSearch).filter(Boolean);
  return BY_NAME.filter(({ haystack }) => folded.every((term) => haystack.includes(term))).map(
    ({ city }) => city,
  );
}
