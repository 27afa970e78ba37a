import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam } from '../../lib/url/read-param.ts';

export type DeductionFilterState = { month: number; year: number; search: string; offset: number };

/**
 * The statement's month (default: the current Casablanca month), search and page, kept in the
 * address so payroll can bookmark "March 2026". Any change but the page goes back to page 1.
 */
export function useDeductionFilters(now?: Date) {
  const current = currentMonth(now);
  return useUrlFilters(
    (params): DeductionFilterState => ({
      month: readIntParam(params.get('month'), 1, 12) ?? current.month,
      year: readIntParam(params.get('year'), 2000, 2100) ?? current.year,
      search: params.get('search') ?? '',
      offset: readIntParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
    }),
    'offset',
  );
}
