import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequestField, TChangeRequest } from '@tasbiq/contracts/change-requests';
import { http } from '../../../lib/http/client.ts';
import { changeRequestsQueryKey } from './get-change-requests.ts';

export type CreateChangeRequestInput = {
  employeeId: number;
  field: ChangeRequestField;
  newValue: string;
  description: string;
  attachments: File[];
};

/** POST /employees/{id}/change_request/ as multipart (the attachments are files). */
export function createChangeRequest(input: CreateChangeRequestInput): Promise<TChangeRequest> {
  const form = new FormData();
  form.append('field', input.field);
  form.append('new_value', input.newValue);
  form.append('description', input.description);
  for (const file of input.attachments) form.append('attachments', file, file.name);
  return http.post<TChangeRequest>(`/employees/${input.employeeId}/change_request/`, form);
}

export function useCreateChangeRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChangeRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeRequestsQueryKey }),
  });
}
