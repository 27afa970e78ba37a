import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export type PickableEmployee = {
  id: number;
  first_name: string;
  last_name: string;
  serial: string | null;
  cin: string | null;
};

/** GET /employees/?is_active=true&search=: the beneficiaries picker's suggestions. */
export function useActiveEmployeesSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['employees', 'bonus-picker', search],
    queryFn: () =>
      http.get<TPaginated<PickableEmployee>>('/employees/', {
        params: { is_active: true, search: search.trim() || undefined, limit: 20 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export type PickableGroup = { id: number; name: string; employee_count?: number };

/** GET /groups/: the groups a collective bonus can go to. */
export function useGroupOptions() {
  return useQuery({
    queryKey: ['groups', 'bonus-picker'],
    queryFn: () => http.get<TPaginated<PickableGroup>>('/groups/', { params: { limit: 100 } }),
  });
}
