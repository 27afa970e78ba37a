import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup } from '@tasbiq/contracts/groups';
import { http } from '../../../lib/http/client.ts';
import { groupsQueryKey } from './get-groups.ts';

export type CreateGroupInput = { name: string; file?: File | null };

/** POST /groups/ as multipart: the name and, optionally, the CSV of its members' CINs. */
export function createGroup({ name, file }: CreateGroupInput): Promise<TGroup> {
  const form = new FormData();
  form.append('name', name);
  if (file) form.append('file', file, file.name);
  return http.post<TGroup>('/groups/', form);
}

/** Members moved between groups: the groups and the employee lists are stale. */
export function useCreateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
      ]);
    },
  });
}
