import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateRechargeRequest, TRecharge } from '@tasbiq/contracts/recharges';
import { http } from '../../../lib/http/client.ts';
import { IDEMPOTENCY_HEADER } from '../../shared/api/idempotency-key.ts';
import { invalidateMoneyQueries } from '../../shared/api/money-queries.ts';

export type CreateRechargeInput = {
  body: TCreateRechargeRequest;
  /** One per confirmation attempt, the same on its retries (see shared/api/idempotency-key.ts). */
  idempotencyKey: string;
};

/** POST /recharges/ {phone, product, amount} with its Idempotency-Key. */
export function createRecharge({ body, idempotencyKey }: CreateRechargeInput): Promise<TRecharge> {
  return http.post<TRecharge>('/recharges/', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateRechargeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecharge,
    onSuccess: () => {
      void invalidateMoneyQueries(queryClient);
    },
  });
}
