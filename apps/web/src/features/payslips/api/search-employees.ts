import { useQuery } from '@tanstack/react-query';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export type EmployeeChoice = {
  id: number;
  first_name: string;
  last_name: string;
  serial: string | null;
  cin: string | null;
};

/** GET /employees/?search=: the employees a slip may be matched to (10 first). */
export function useEmployeeChoicesQuery(search: string) {
  return useQuery({
    queryKey: ['employees', 'payslip-match', search],
    queryFn: () => http.get<TPaginated<EmployeeChoice>>('/employees/', { params: { search, limit: 10 } }),
    enabled: search.trim().length >= 2,
  });
}
