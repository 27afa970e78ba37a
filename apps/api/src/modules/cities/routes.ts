import { ZCity } from '@tasbiq/contracts/terms';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { zSearch } from '../../lib/list-params.ts';
import { searchCities } from './search-cities.ts';

/**
 * GET /cities: Moroccan cities for the card-order and mission-order forms, sorted by name.
 * The token is optional because onboarding (card order through a link) has no session yet.
 * Not paginated: a plain JSON array, ~120 entries, the whole list a select box needs.
 * `?search=` keeps cities whose name contains every term, ignoring case, accents and
 * punctuation; when no name matches, the cities of a matching region
 * (`?search=fes` → Fès; `?search=souss` → the Souss-Massa cities).
 */
export const cityRoutes: AppModule = async (app) => {
  app.get(
    '/cities',
    {
      config: { access: 'optional' },
      schema: {
        tags: ['general'],
        querystring: z.object({ search: zSearch }),
        response: { 200: z.array(ZCity) },
      },
    },
    async (request) => searchCities(request.query.search),
  );
};
