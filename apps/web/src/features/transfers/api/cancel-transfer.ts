import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransfer } from '@tasbiq/contracts/transfers';
import { http } from '../../../lib/http/client.ts';
import { invalidateMoneyQueries } from '../../shared/api/money-queries.ts';

/** POST /transfers/{id}/cancel/: before collection only; the amount and the fee come back. */
export function cancelTransfer(id: number): Promise<TTransfer> {
  return http.post<TTransfer>(`/transfers/${id}/cancel/`, {});
}

export function useCancelTransferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransfer,
    onSuccess: () => {
      void invalidateMoneyQueries(queryClient);
    },
  });
}
