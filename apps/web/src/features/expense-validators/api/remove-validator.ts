import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';
import { validatorsQueryKey } from './get-validators.ts';

/** DELETE /expenses/validators/{id}/ */
export function removeValidator(id: number): Promise<void> {
  return http.delete(`/expenses/validators/${id}/`);
}

export function useRemoveValidatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeValidator,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: validatorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['expense-policy'] }),
      ]),
  });
}
