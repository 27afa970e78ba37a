import { ADVANCE_STATUSES, type TAdvanceStatus } from '@tasbiq/contracts/money';
import type { TTransactionType } from '@tasbiq/contracts/transactions';
import { useSearchParams } from 'react-router';
import type { TransactionsParams } from './api/list-transactions.ts';

/** The types this list has sources for (bills and transfers are history tabs with none yet). */
export const LISTED_TYPES = ['advance', 'recharge'] as const satisfies readonly TTransactionType[];
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
export type TransactionFilterKey = keyof TransactionFilterState;

function intParam(value: string | null, min: number, max: number): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= min && number <= max ? number : null;
}

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

/** Filters kept in the address (`?type=advance&year=2026&month=3&search=…&offset=20`). */
export function useTransactionFilters() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const status = params.get('status');
  const filters: TransactionFilterState = {
    type: LISTED_TYPES.includes(type as ListedType) ? (type as ListedType) : '',
    status: ADVANCE_STATUSES.includes(status as TAdvanceStatus) ? (status as TAdvanceStatus) : '',
    month: intParam(params.get('month'), 1, 12),
    year: intParam(params.get('year'), 2000, 2100),
    search: params.get('search') ?? '',
    offset: intParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
  };
  /** Any change but the page goes back to the first page. */
  const update = (changes: Partial<Record<TransactionFilterKey, string>>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('offset' in changes)) next.delete('offset');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update };
}
