import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChangeRequestStatus, TChangeRequest } from '@tasbiq/contracts/change-requests';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** Every change-request query starts with this key: a new request or a decision refreshes them all. */
export const changeRequestsQueryKey = ['change-requests'] as const;

export type ChangeRequestListParams = {
  status?: ChangeRequestStatus;
  employee?: number;
  limit: number;
  offset: number;
  ordering?: string;
};

export function getChangeRequests(params: ChangeRequestListParams): Promise<TPaginated<TChangeRequest>> {
  return http.get<TPaginated<TChangeRequest>>('/change_requests/', {
    params: { ...params, offset: params.offset || undefined },
  });
}

export function useChangeRequestsQuery(params: ChangeRequestListParams) {
  return useQuery({
    queryKey: [...changeRequestsQueryKey, 'list', params],
    queryFn: () => getChangeRequests(params),
    placeholderData: keepPreviousData,
  });
}
