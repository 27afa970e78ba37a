import { type TWalletTransactionType, WALLET_TRANSACTION_TYPES } from '@tasbiq/contracts/company-wallet';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam, readOneOfParam } from '../../lib/url/read-param.ts';
import type { WalletFilters } from './api/list-wallet-transactions.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type WalletFilterState = {
  type: TWalletTransactionType | '';
  search: string;
  from: string;
  to: string;
  page: number;
};

/** YYYY-MM-DD strings compare as dates. */
export function isRangeInverted({ from, to }: Pick<WalletFilterState, 'from' | 'to'>): boolean {
  return Boolean(from && to && from > to);
}

/** What the API is asked for; an inverted range is not sent (the screen says why instead). */
export function apiFiltersOf(state: WalletFilterState): WalletFilters {
  return {
    transaction_type: state.type || undefined,
    search: state.search || undefined,
    created_after: state.from || undefined,
    created_before: state.to || undefined,
  };
}

function parseWalletFilters(params: URLSearchParams): WalletFilterState {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    type: readOneOfParam(params.get('type'), WALLET_TRANSACTION_TYPES) ?? '',
    search: params.get('search') ?? '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page: readIntParam(params.get('page'), 2, Number.MAX_SAFE_INTEGER) ?? 1,
  };
}

/** The wallet list's filters, in the address: `?type=advance&search=…&from=…&to=…&page=2`. */
export function useWalletFilters() {
  return useUrlFilters(parseWalletFilters, 'page');
}
