import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBonus, TBonusBeneficiary } from '@tasbiq/contracts/bonuses';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { bonusesQueryKey } from './list-bonuses.ts';

/** GET /bonuses/{id}/; refreshed every 3 s while its payment runs, so HR sees the progress. */
export function useBonusQuery(id: number) {
  return useQuery({
    queryKey: [...bonusesQueryKey, 'detail', id],
    queryFn: () => http.get<TBonus>(`/bonuses/${id}/`),
    refetchInterval: (query) => ((query.state.data?.payment.to_pay ?? 0) > 0 ? 3000 : false),
  });
}

export type BeneficiaryParams = { limit: number; offset: number; search?: string; status?: string };

/** GET /bonuses/{id}/beneficiaries/: one page of its beneficiaries with their status. */
export function useBeneficiariesQuery(id: number, params: BeneficiaryParams, refresh: boolean) {
  return useQuery({
    queryKey: [...bonusesQueryKey, 'detail', id, 'beneficiaries', params],
    queryFn: () =>
      http.get<TPaginated<TBonusBeneficiary>>(`/bonuses/${id}/beneficiaries/`, {
        params: { ...params, offset: params.offset || undefined, search: params.search?.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? 3000 : false,
  });
}
