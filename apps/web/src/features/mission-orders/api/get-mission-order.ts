import { useQuery } from '@tanstack/react-query';
import type { TMissionOrderDetails } from '@tasbiq/contracts/mission-orders';
import { http } from '../../../lib/http/client.ts';
import { missionOrdersQueryKey } from './list-mission-orders.ts';

/** GET /expenses/odm/{id}; refreshed every 3 s while its advance is being paid. */
export function useMissionOrderQuery(id: number) {
  return useQuery({
    queryKey: [...missionOrdersQueryKey, 'detail', id],
    queryFn: () => http.get<TMissionOrderDetails>(`/expenses/odm/${id}/`),
    refetchInterval: (query) => {
      const status = query.state.data?.advance_status;
      return status === 'confirmed' || status === 'processing' ? 3000 : false;
    },
  });
}
