import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBonus, TBonusWriteRequest } from '@tasbiq/contracts/bonuses';
import { http } from '../../../lib/http/client.ts';
import { bonusesQueryKey } from './list-bonuses.ts';

/** POST /bonuses/: the bonus waits for a DRH's reply. */
export function useCreateBonusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBonusWriteRequest) => http.post<TBonus>('/bonuses/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusesQueryKey }),
  });
}
