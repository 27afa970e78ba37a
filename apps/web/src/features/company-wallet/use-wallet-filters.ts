import { type TWalletTransactionType, WALLET_TRANSACTION_TYPES } from '@tasbiq/contracts/company-wallet';
import { TIME_ZONE } from '@tasbiq/contracts/constants';
import { useSearchParams } from 'react-router';
import type { WalletFilters } from './api/list-wallet-transactions.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type WalletFilterState = {
  type: TWalletTransactionType | '';
  search: string;
  from: string;
  to: string;
  page: number;
};

export type WalletFilterKey = Exclude<keyof WalletFilterState, 'page'> | 'page';

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

/** Today in Casablanca (YYYY-MM-DD): the date pickers' upper bound. */
export function todayInCasablanca(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
}

/**
 * The wallet list's filters live in the address (`?type=advance&search=…&from=…&to=…&page=2`), so a
 * filtered statement can be bookmarked and survives "back". Any change but the page goes back to page 1.
 */
export function useWalletFilters() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  const filters: WalletFilterState = {
    type: WALLET_TRANSACTION_TYPES.includes(typeParam as TWalletTransactionType)
      ? (typeParam as TWalletTransactionType)
      : '',
    search: params.get('search') ?? '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };

  const update = (changes: Partial<Record<WalletFilterKey, string>>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update };
}
