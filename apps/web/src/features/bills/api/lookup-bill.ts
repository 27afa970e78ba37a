import { useMutation } from '@tanstack/react-query';
import type { TBillLookup, TBillLookupRequest } from '@tasbiq/contracts/bills';
import { http } from '../../../lib/http/client.ts';

/** POST /bills/lookup/ {biller, reference}: the amount due, due date and masked holder. */
export function lookupBill(body: TBillLookupRequest): Promise<TBillLookup> {
  return http.post<TBillLookup>('/bills/lookup/', body);
}

export function useLookupBillMutation() {
  return useMutation({ mutationFn: lookupBill });
}
