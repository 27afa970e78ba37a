import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdvance, TCancelAdvanceRequest } from '@tasbiq/contracts/advances';
import { http } from '../../../lib/http/client.ts';
import { invalidateMoneyQueries } from '../../shared/api/money-queries.ts';

/** POST /advances/{id}/cancel/ {reason}: only while pending; the money goes back to the balance. */
export function cancelAdvance(id: number, body: TCancelAdvanceRequest): Promise<TAdvance> {
  return http.post<TAdvance>(`/advances/${id}/cancel/`, body);
}

export function useCancelAdvanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => cancelAdvance(id, { reason }),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
