import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TMissionOrder, TMissionOrderView } from '@tasbiq/contracts/mission-orders';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { ApiError } from '../../../lib/http/api-error.ts';
import { http } from '../../../lib/http/client.ts';

/** Every mission-order query starts with this key: a write refreshes them all. */
export const missionOrdersQueryKey = ['mission-orders'] as const;

export type MissionOrderListParams = {
  view: TMissionOrderView;
  limit: number;
  offset: number;
  status?: string;
  report_status?: string;
  start_after?: string;
  start_before?: string;
  search?: string;
};

export function listMissionOrders(params: MissionOrderListParams): Promise<TPaginated<TMissionOrder>> {
  return http.get<TPaginated<TMissionOrder>>('/expenses/odm/', {
    params: {
      ...params,
      offset: params.offset || undefined,
      search: params.search?.trim() || undefined,
      status: params.status || undefined,
      report_status: params.report_status || undefined,
      start_after: params.start_after || undefined,
      start_before: params.start_before || undefined,
    },
  });
}

/** GET /expenses/odm/: one page of the caller's orders (`mine`) or of those they review (`review`). */
export function useMissionOrdersQuery(params: MissionOrderListParams, enabled = true) {
  return useQuery({
    queryKey: [...missionOrdersQueryKey, 'list', params],
    queryFn: () => listMissionOrders(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Whether the caller reviews orders (HR or an expense validator): the review list answers 403 to
 * everybody else. Used to show the « À valider » tab.
 */
export function useIsReviewerQuery() {
  return useQuery({
    queryKey: [...missionOrdersQueryKey, 'is-reviewer'],
    queryFn: async () => {
      try {
        await listMissionOrders({ view: 'review', limit: 1, offset: 0 });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return false;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
