import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdvance } from '@tasbiq/contracts/advances';
import type { TPayoutMethod } from '@tasbiq/contracts/money';
import { http } from '../../../lib/http/client.ts';
import { IDEMPOTENCY_HEADER } from '../../shared/api/idempotency-key.ts';
import { invalidateMoneyQueries } from '../../shared/api/money-queries.ts';

export type CreateAdvanceInput = {
  amount: number;
  payoutMethod: TPayoutMethod;
  /** One per confirmation attempt, the same on its retries (see shared/api/idempotency-key.ts). */
  idempotencyKey: string;
};

/** POST /advances/ {amount, payout_method} with its Idempotency-Key. */
export function createAdvance({
  amount,
  payoutMethod,
  idempotencyKey,
}: CreateAdvanceInput): Promise<TAdvance> {
  return http.post<TAdvance>(
    '/advances/',
    { amount: String(amount), payout_method: payoutMethod },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
}

export function useCreateAdvanceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdvance,
    // Not awaited: the success screen shows at once, the balance and lists refresh behind it.
    onSuccess: () => {
      void invalidateMoneyQueries(queryClient);
    },
  });
}
