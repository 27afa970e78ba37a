import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBonus, TBonusReplyRequest } from '@tasbiq/contracts/bonuses';
import { http } from '../../../lib/http/client.ts';
import { walletQueryKey } from '../../shared/api/get-wallet-balance.ts';
import { bonusesQueryKey } from './list-bonuses.ts';

/** POST /bonuses/{id}/reply/: a confirmation moves money, so the wallet is stale too. */
export function useReplyBonusMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBonusReplyRequest) => http.post<TBonus>(`/bonuses/${id}/reply/`, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bonusesQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletQueryKey }),
      ]);
    },
  });
}
