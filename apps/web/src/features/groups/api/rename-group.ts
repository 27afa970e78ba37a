import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup, TUpdateGroupRequest } from '@tasbiq/contracts/groups';
import { http } from '../../../lib/http/client.ts';
import { groupsQueryKey } from './get-groups.ts';

export function renameGroup({ id, ...body }: TUpdateGroupRequest & { id: number }): Promise<TGroup> {
  return http.put<TGroup>(`/groups/${id}/`, body);
}

/** Employee lists show the group's name too. */
export function useRenameGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
      ]);
    },
  });
}
