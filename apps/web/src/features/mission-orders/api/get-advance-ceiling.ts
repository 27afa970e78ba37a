import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TMissionAdvanceCeiling } from '@tasbiq/contracts/mission-orders';
import { http } from '../../../lib/http/client.ts';
import { missionOrdersQueryKey } from './list-mission-orders.ts';

/** GET /expenses/odm/ceiling/: the caller's advance ceiling for a route, asked as the cities change. */
export function useAdvanceCeilingQuery(departureCity: string, arrivalCity: string) {
  return useQuery({
    queryKey: [...missionOrdersQueryKey, 'ceiling', departureCity, arrivalCity],
    queryFn: () =>
      http.get<TMissionAdvanceCeiling>('/expenses/odm/ceiling/', {
        params: { departure_city: departureCity || undefined, arrival_city: arrivalCity || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}
