import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmployeeSolde } from '@tasbiq/contracts/advances';
import { http } from '../../../lib/http/client.ts';
import { soldeQueryKey } from './money-queries.ts';

/** GET /employees/solde: what the employee earned this month and may still draw (home, advance, top-up). */
export function getEmployeeSolde(): Promise<TEmployeeSolde> {
  return http.get<TEmployeeSolde>('/employees/solde');
}

export const employeeSoldeQuery = queryOptions({
  queryKey: soldeQueryKey,
  queryFn: getEmployeeSolde,
  // The balance moves with every advance or top-up (which invalidate it), and with the day of
  // the month: a minute-old figure is fresh enough between two screens.
  staleTime: 60_000,
});

export function useEmployeeSoldeQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...employeeSoldeQuery, enabled });
}
