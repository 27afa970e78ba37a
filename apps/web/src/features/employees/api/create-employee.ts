import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateEmployeeRequest, TCreateEmployeeResponse } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';
import { employeeQueryKey } from './get-employee.ts';
import { employeesQueryKey } from './list-employees.ts';

export function createEmployee(body: TCreateEmployeeRequest): Promise<TCreateEmployeeResponse> {
  return http.post<TCreateEmployeeResponse>('/employees/', body);
}

/** The new employee is put in the cache for its details page; the lists and stats refresh. */
export function useCreateEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: async (created) => {
      const { invitation: _invitation, ...detail } = created;
      await queryClient.invalidateQueries({ queryKey: employeesQueryKey });
      queryClient.setQueryData(employeeQueryKey(created.id), detail);
    },
  });
}
