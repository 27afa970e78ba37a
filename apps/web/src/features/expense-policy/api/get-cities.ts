import { useQuery } from '@tanstack/react-query';
import type { TCity } from '@tasbiq/contracts/terms';
import { http } from '../../../lib/http/client.ts';

/** GET /cities: the route pickers' list (about 120, sorted by name); shares the cards' cache key. */
export function getCities(): Promise<TCity[]> {
  return http.get<TCity[]>('/cities', { auth: false });
}

export function useCitiesQuery() {
  return useQuery({ queryKey: ['cities'], queryFn: getCities, staleTime: 60 * 60_000 });
}
