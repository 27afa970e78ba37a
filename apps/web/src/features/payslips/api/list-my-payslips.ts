import { useQuery } from '@tanstack/react-query';
import type { TMyPayslip } from '@tasbiq/contracts/payslips';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { payslipsQueryKey } from './list-payslips.ts';

/** GET /fiches?mine=true: the caller's own published slips of a year (12 at most). */
export function listMyPayslips(year: number) {
  return http.get<TPaginated<TMyPayslip>>('/fiches/', { params: { year, mine: true, limit: 50 } });
}

export function useMyPayslipsQuery(year: number) {
  return useQuery({ queryKey: [...payslipsQueryKey, 'mine', year], queryFn: () => listMyPayslips(year) });
}
