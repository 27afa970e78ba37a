import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBonus } from '@tasbiq/contracts/bonuses';
import { http } from '../../../lib/http/client.ts';
import { bonusesQueryKey } from './list-bonuses.ts';

/** POST /bonuses/{id}/unsave/: no longer a model; its recurrence stops. */
export function useUnsaveBonusMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<TBonus>(`/bonuses/${id}/unsave/`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bonusesQueryKey }),
  });
}
