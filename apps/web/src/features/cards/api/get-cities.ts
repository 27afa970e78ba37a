import { useQuery } from '@tanstack/react-query';
import type { TCity } from '@tasbiq/contracts/terms';
import { http } from '../../../lib/http/client.ts';

/** GET /cities: the list a select needs (about 120, sorted by name); the token is optional. */
export function getCities(): Promise<TCity[]> {
  return http.get<TCity[]>('/cities', { auth: false });
}

export function useCitiesQuery() {
  return useQuery({ queryKey: ['cities'], queryFn: getCities, staleTime: 60 * 60_000 });
}
