import { useQuery } from '@tanstack/react-query';
import type { TMissionOrder } from '@tasbiq/contracts/mission-orders';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { expensesQueryKey } from './list-expenses.ts';

/**
 * GET /expenses/odm/?view=mine&status=accepted&report_status_in=draft,returned: the caller's
 * approved orders whose report can still take expenses and be sent.
 */
export function listOpenReports() {
  return http.get<TPaginated<TMissionOrder>>('/expenses/odm/', {
    params: { view: 'mine', status: 'accepted', report_status_in: 'draft,returned', limit: 50 },
  });
}

export function useOpenReportsQuery() {
  return useQuery({ queryKey: [...expensesQueryKey, 'open-reports'], queryFn: listOpenReports });
}
