import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';
import { groupsQueryKey } from './get-groups.ts';

export function deleteGroup(id: number): Promise<void> {
  return http.delete(`/groups/${id}/`);
}

/** Its members become ungrouped: employee lists change too. */
export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
      ]);
    },
  });
}
