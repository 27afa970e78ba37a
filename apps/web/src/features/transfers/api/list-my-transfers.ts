import { useQuery } from '@tanstack/react-query';
import type { TTransfer } from '@tasbiq/contracts/transfers';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { transfersQueryKey } from '../../shared/api/money-queries.ts';

const isMoving = (transfer: TTransfer) => ['pending', 'processing', 'sent'].includes(transfer.status);

/** GET /transfers/?employee=me: the caller's latest transfers (`employee=me`: HR in employee mode). */
export function listMyTransfers(): Promise<TPaginated<TTransfer>> {
  return http.get<TPaginated<TTransfer>>('/transfers/', { params: { employee: 'me', limit: 10 } });
}

/** Polled every 5 s while one is on its way or waiting at the agency, so its status moves on screen. */
export function useMyTransfersQuery() {
  return useQuery({
    queryKey: [...transfersQueryKey, 'list', 'me', 'latest'],
    queryFn: listMyTransfers,
    refetchInterval: (query) => (query.state.data?.results.some(isMoving) ? 5000 : false),
  });
}
