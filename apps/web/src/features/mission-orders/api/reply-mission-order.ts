import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMissionOrderDetails, TMissionOrderReplyRequest } from '@tasbiq/contracts/mission-orders';
import { http } from '../../../lib/http/client.ts';
import { walletQueryKey } from '../../shared/api/get-wallet-balance.ts';
import { missionOrdersQueryKey } from './list-mission-orders.ts';

/** POST /expenses/odm/{id}/reply/: an approval pays the advance, so the wallet is stale too. */
export function useReplyMissionOrderMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMissionOrderReplyRequest) =>
      http.post<TMissionOrderDetails>(`/expenses/odm/${id}/reply/`, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: missionOrdersQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
      ]);
    },
  });
}

/** PUT /expenses/odm/{id}/advance/: the reviewer changes the advance before approving. */
export function useChangeAdvanceMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) =>
      http.put<TMissionOrderDetails>(`/expenses/odm/${id}/advance/`, { amount }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: missionOrdersQueryKey });
    },
  });
}
