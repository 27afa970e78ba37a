import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TEmployeeListItem, TEmployeeListParams } from '@tasbiq/contracts/employees';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http, type QueryValue } from '../../../lib/http/client.ts';

/** Every employees query starts with this key: a change to one employee refreshes the lists too. */
export const employeesQueryKey = ['employees'] as const;

/** The query string of GET /employees/ and /employees/export (blank values left out). */
export function employeeListQuery(params: TEmployeeListParams): Record<string, QueryValue> {
  return {
    search: params.search?.trim() || undefined,
    is_active: params.is_active,
    group: params.group,
    grouped: params.grouped,
    status: params.status,
    status_in: params.status_in,
    account_type: params.account_type,
    account_type_in: params.account_type_in,
    ordering: params.ordering,
    has_card: params.has_card,
    limit: params.limit,
    offset: params.offset || undefined,
  };
}

export function listEmployees(params: TEmployeeListParams): Promise<TPaginated<TEmployeeListItem>> {
  return http.get<TPaginated<TEmployeeListItem>>('/employees/', { params: employeeListQuery(params) });
}

/** One page of the company's employees; the previous page stays on screen while the next loads. */
export function useEmployeesQuery(params: TEmployeeListParams) {
  return useQuery({
    queryKey: [...employeesQueryKey, 'list', params],
    queryFn: () => listEmployees(params),
    placeholderData: keepPreviousData,
  });
}
