import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export type PickableEmployee = {
  id: number;
  first_name: string;
  last_name: string;
  serial: string | null;
  email: string | null;
};

/** GET /employees/?status=activated&search=: the validator picker's suggestions (active accounts only). */
export function useActivatedEmployeesSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['employees', 'validator-picker', search],
    queryFn: () =>
      http.get<TPaginated<PickableEmployee>>('/employees/', {
        params: { status: 'activated', search: search.trim() || undefined, limit: 10 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
