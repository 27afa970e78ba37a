import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTransferRequest, TTransfer } from '@tasbiq/contracts/transfers';
import { http } from '../../../lib/http/client.ts';
import { IDEMPOTENCY_HEADER } from '../../shared/api/idempotency-key.ts';
import { invalidateMoneyQueries } from '../../shared/api/money-queries.ts';
import { recipientsQueryKey } from './list-recipients.ts';

export type CreateTransferInput = {
  body: TCreateTransferRequest;
  /** One per confirmation attempt, the same on its retries (see shared/api/idempotency-key.ts). */
  idempotencyKey: string;
};

/** POST /transfers/ {recipient_name, recipient_phone, amount, save_recipient} with its Idempotency-Key. */
export function createTransfer({ body, idempotencyKey }: CreateTransferInput): Promise<TTransfer> {
  return http.post<TTransfer>('/transfers/', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateTransferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => {
      void invalidateMoneyQueries(queryClient);
      void queryClient.invalidateQueries({ queryKey: recipientsQueryKey });
    },
  });
}
