import { useQuery } from '@tanstack/react-query';
import type { TChangeRequest } from '@tasbiq/contracts/change-requests';
import { http } from '../../../lib/http/client.ts';
import { changeRequestsQueryKey } from './get-change-requests.ts';

export function getChangeRequest(id: number): Promise<TChangeRequest> {
  return http.get<TChangeRequest>(`/change_requests/${id}`);
}

/** One request with its attachments and audit trail; starts from the list row when there is one. */
export function useChangeRequestQuery(id: number, initialData?: TChangeRequest) {
  return useQuery({
    queryKey: [...changeRequestsQueryKey, 'detail', id],
    queryFn: () => getChangeRequest(id),
    initialData,
    // The list row may be a little old: fetch the current state at once.
    initialDataUpdatedAt: 0,
  });
}
