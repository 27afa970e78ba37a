import { useQuery } from '@tanstack/react-query';
import type { TRechargeProduct, TTelecomOperator } from '@tasbiq/contracts/money';
import { http } from '../../../lib/http/client.ts';
import { rechargesQueryKey } from '../../shared/api/money-queries.ts';

/** GET /recharge/products?operator=: the operator's top-ups, face amount and what the employee pays. */
export function getRechargeProducts(operator: TTelecomOperator): Promise<TRechargeProduct[]> {
  return http.get<TRechargeProduct[]>('/recharge/products', { params: { operator } });
}

export function useRechargeProductsQuery(operator: TTelecomOperator) {
  return useQuery({
    queryKey: [...rechargesQueryKey, 'products', operator],
    queryFn: () => getRechargeProducts(operator),
    // A catalogue that changes with operator contracts, not during a visit.
    staleTime: 10 * 60_000,
  });
}
