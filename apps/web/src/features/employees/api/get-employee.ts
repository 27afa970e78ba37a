import { useQuery } from '@tanstack/react-query';
import type { TEmployeeDetail } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';
import { employeesQueryKey } from './list-employees.ts';

export const employeeQueryKey = (id: number) => [...employeesQueryKey, 'detail', id] as const;

export function getEmployee(id: number): Promise<TEmployeeDetail> {
  return http.get<TEmployeeDetail>(`/employees/${id}`);
}

export function useEmployeeQuery(id: number) {
  return useQuery({ queryKey: employeeQueryKey(id), queryFn: () => getEmployee(id) });
}
