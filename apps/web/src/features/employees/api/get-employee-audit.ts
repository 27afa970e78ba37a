import { useQuery } from '@tanstack/react-query';
import type { TEmployeeAuditEntry } from '@tasbiq/contracts/employees';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';
import { employeesQueryKey } from './list-employees.ts';

/** The 50 latest entries: the screen says so when there are more. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * Under the employees key but not under 'detail': an edit (which sets the detail from its answer)
 * and a change-request decision both refresh it.
 */
export const employeeAuditQueryKey = (id: number) => [...employeesQueryKey, 'audit', id] as const;

export function getEmployeeAudit(id: number): Promise<TPaginated<TEmployeeAuditEntry>> {
  return http.get<TPaginated<TEmployeeAuditEntry>>(`/employees/${id}/audit/`, {
    params: { limit: AUDIT_PAGE_SIZE },
  });
}

/** GET /employees/{id}/audit/: who changed which money field or the RIB, newest first. */
export function useEmployeeAuditQuery(id: number) {
  return useQuery({ queryKey: employeeAuditQueryKey(id), queryFn: () => getEmployeeAudit(id) });
}
