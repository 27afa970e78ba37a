import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam } from '../../lib/url/read-param.ts';

export type DeductionFilterState = {
  month: number;
  year: number;
  search: string;
  offset: number;
  /** The « Primes » section's page (`primes_offset`). */
  primes_offset: number;
};

/**
 * The statement's month (default: the current Casablanca month), search and page, kept in the
 * address so payroll can bookmark "March 2026". Any change but the page goes back to page 1
 * (both lists: the screen clears `primes_offset` with the month and the search).
 */
export function useDeductionFilters(now?: Date) {
  const current = currentMonth(now);
  return useUrlFilters(
    (params): DeductionFilterState => ({
      month: readIntParam(params.get('month'), 1, 12) ?? current.month,
      year: readIntParam(params.get('year'), 2000, 2100) ?? current.year,
      search: params.get('search') ?? '',
      offset: readIntParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
      primes_offset: readIntParam(params.get('primes_offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
    }),
    'offset',
  );
}
