import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

/** Every validators query starts with this key. */
export const validatorsQueryKey = ['expense-validators'] as const;

export function getValidators({ limit, offset }: { limit: number; offset: number }) {
  return http.get<TPaginated<TExpenseValidator>>('/expenses/validators/', {
    params: { limit, offset: offset || undefined },
  });
}

/** GET /expenses/validators/: the company's validators by name. */
export function useValidatorsQuery(params: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...validatorsQueryKey, 'list', params],
    queryFn: () => getValidators(params),
    placeholderData: keepPreviousData,
  });
}
