import { ADVANCE_STATUSES, type TAdvanceStatus } from '@tasbiq/contracts/money';
import type { TTransactionType } from '@tasbiq/contracts/transactions';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam, readOneOfParam } from '../../lib/url/read-param.ts';
import type { TransactionsParams } from './api/list-transactions.ts';

/** The types this list has sources for (bills and transfers are history tabs with none yet). */
export const LISTED_TYPES = ['advance', 'recharge', 'bill'] as const satisfies readonly TTransactionType[];
export type ListedType = (typeof LISTED_TYPES)[number];

export type TransactionFilterState = {
  type: ListedType | '';
  /** Advance statuses include every top-up status. */
  status: TAdvanceStatus | '';
  month: number | null;
  year: number | null;
  search: string;
  offset: number;
};

/** The API's parameters for these filters (a month needs its year; a lone month is dropped). */
export function apiParamsOf(filters: TransactionFilterState, limit: number): TransactionsParams {
  return {
    limit,
    offset: filters.offset,
    type_in: filters.type ? [filters.type] : undefined,
    status: filters.status || undefined,
    year: filters.year ?? undefined,
    month: filters.year && filters.month ? filters.month : undefined,
    search: filters.search || undefined,
  };
}

function parseTransactionFilters(params: URLSearchParams): TransactionFilterState {
  return {
    type: readOneOfParam(params.get('type'), LISTED_TYPES) ?? '',
    status: readOneOfParam(params.get('status'), ADVANCE_STATUSES) ?? '',
    month: readIntParam(params.get('month'), 1, 12),
    year: readIntParam(params.get('year'), 2000, 2100),
    search: params.get('search') ?? '',
    offset: readIntParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}

/** Filters kept in the address (`?type=advance&year=2026&month=3&search=…&offset=20`). */
export function useTransactionFilters() {
  return useUrlFilters(parseTransactionFilters, 'offset');
}
