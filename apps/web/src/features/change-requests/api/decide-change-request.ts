import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangeRequest } from '@tasbiq/contracts/change-requests';
import { http } from '../../../lib/http/client.ts';
import { changeRequestsQueryKey } from './get-change-requests.ts';

export type Decision = { id: number; action: 'approve' | 'refuse'; comment?: string };

/** POST /change_requests/{id}/approve/ or /refuse/ (DRH only; a refusal needs a comment). */
export function decideChangeRequest({ id, action, comment }: Decision): Promise<TChangeRequest> {
  const body = comment?.trim() ? { comment: comment.trim() } : {};
  return http.post<TChangeRequest>(`/change_requests/${id}/${action}/`, body);
}

/** An approval changes the employee: their details and the lists are stale. */
export function useDecideChangeRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideChangeRequest,
    onSuccess: async (request) => {
      queryClient.setQueryData([...changeRequestsQueryKey, 'detail', request.id], request);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: changeRequestsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
      ]);
    },
  });
}
