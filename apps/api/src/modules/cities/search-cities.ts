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

type IndexedCity = { city: TCity; name: string; region: string };

const BY_NAME: readonly IndexedCity[] = [...MOROCCAN_CITIES]
  .sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }))
  .map((city) => ({ city, name: foldForSearch(city.name), region: foldForSearch(city.region) }));

/**
 * Cities sorted by name. With terms, the cities whose name contains every term; when no name
 * matches, the cities of the regions that do ("souss" → Agadir, Tiznit…). Names win so that
 * "fes" or "casa" answer the city, not its whole region.
 */
export function searchCities(terms: readonly string[] = []): TCity[] {
  const folded = terms.map(foldForSearch).filter(Boolean);
  if (folded.length === 0) return BY_NAME.map(({ city }) => city);
  const matches = (text: string) => folded.every((term) => text.includes(term));
  const byName = BY_NAME.filter(({ name }) => matches(name));
  const found =
    byName.length > 0 ? byName : BY_NAME.filter(({ name, region }) => matches(`${name}|${region}`));
  return found.map(({ city }) => city);
}
