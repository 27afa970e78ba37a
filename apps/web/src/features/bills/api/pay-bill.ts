import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBill, TPayBillRequest } from '@tasbiq/contracts/bills';
import { http } from '../../../lib/http/client.ts';
import { IDEMPOTENCY_HEADER } from '../../shared/api/idempotency-key.ts';
import { invalidateMoneyQueries } from '../../shared/api/money-queries.ts';

export type PayBillInput = {
  body: TPayBillRequest;
  /** One per confirmation attempt, the same on its retries (see shared/api/idempotency-key.ts). */
  idempotencyKey: string;
};

/** POST /bills/ {biller, reference, amount} with its Idempotency-Key. */
export function payBill({ body, idempotencyKey }: PayBillInput): Promise<TBill> {
  return http.post<TBill>('/bills/', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function usePayBillMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBill,
    onSuccess: () => {
      void invalidateMoneyQueries(queryClient);
    },
  });
}
