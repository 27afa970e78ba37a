import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';
import { recipientsQueryKey } from './list-recipients.ts';

/** DELETE /transfers/recipients/{id}/ */
export function deleteRecipient(id: number): Promise<void> {
  return http.delete<void>(`/transfers/recipients/${id}/`);
}

export function useDeleteRecipientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipientsQueryKey }),
  });
}
