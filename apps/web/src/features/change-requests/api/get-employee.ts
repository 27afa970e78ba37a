import { useQuery } from '@tanstack/react-query';
import type { TEmployeeDetail } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';

export function getEmployee(id: number): Promise<TEmployeeDetail> {
  return http.get<TEmployeeDetail>(`/employees/${id}`);
}

/** The employee whose identity or bank data a request changes: the form shows the current values. */
export function useEmployeeQuery(id: number) {
  return useQuery({ queryKey: ['employees', 'detail', id], queryFn: () => getEmployee(id) });
}
