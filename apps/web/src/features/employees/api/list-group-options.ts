import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@tasbiq/contracts/constants';
import type { TGroup } from '@tasbiq/contracts/groups';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** The company's groups for the filter and the group select, by name (first 100). */
export function listGroupOptions(): Promise<TPaginated<TGroup>> {
  return http.get<TPaginated<TGroup>>('/groups/', { params: { limit: MAX_PAGE_SIZE, ordering: 'name' } });
}

export function useGroupOptionsQuery() {
  return useQuery({
    // Under the groups feature's key, so creating or renaming a group refreshes the options.
    queryKey: ['groups', 'options'],
    queryFn: listGroupOptions,
    select: (page) => page.results.map((group) => ({ id: group.id, name: group.name })),
    staleTime: 60_000,
  });
}
