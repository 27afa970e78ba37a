import { useQuery } from '@tanstack/react-query';
import type { TCity } from '@tasbiq/contracts/terms';
import { http } from '../../../lib/http/client.ts';

/** GET /cities: the departure and arrival selects (about 120 cities, sorted by name). */
export function useCitiesQuery() {
  return useQuery({
    queryKey: ['cities'],
    queryFn: () => http.get<TCity[]>('/cities', { auth: false }),
    staleTime: 60 * 60_000,
  });
}
