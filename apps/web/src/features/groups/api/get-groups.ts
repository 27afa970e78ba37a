import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TGroup } from '@tasbiq/contracts/groups';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** Every groups query starts with this key: a change to any group refreshes them all. */
export const groupsQueryKey = ['groups'] as const;

export type GroupListParams = { search?: string; limit: number; offset: number };

export function getGroups({ search, limit, offset }: GroupListParams): Promise<TPaginated<TGroup>> {
  return http.get<TPaginated<TGroup>>('/groups/', {
    params: { search: search?.trim() || undefined, limit, offset: offset || undefined },
  });
}

/** One page of the company's groups; the previous page stays on screen while the next loads. */
export function useGroupsQuery(params: GroupListParams) {
  return useQuery({
    queryKey: [...groupsQueryKey, 'list', params],
    queryFn: () => getGroups(params),
    placeholderData: keepPreviousData,
  });
}
