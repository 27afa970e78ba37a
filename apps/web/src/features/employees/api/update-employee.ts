import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeDetail, TUpdateEmployeeRequest } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';
import { employeeQueryKey } from './get-employee.ts';
import { employeesQueryKey } from './list-employees.ts';

export function updateEmployee(id: number, body: TUpdateEmployeeRequest): Promise<TEmployeeDetail> {
  return http.put<TEmployeeDetail>(`/employees/${id}/`, body);
}

/** PUT /employees/{id}/ (edits, deactivate, reactivate): the details take the answer, lists refresh. */
export function useUpdateEmployeeMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateEmployeeRequest) => updateEmployee(id, body),
    onSuccess: async (detail) => {
      await queryClient.invalidateQueries({
        queryKey: employeesQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
      queryClient.setQueryData(employeeQueryKey(id), detail);
    },
  });
}
