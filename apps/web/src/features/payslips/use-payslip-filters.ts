import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam, readOneOfParam } from '../../lib/url/read-param.ts';

export type PayslipFilterState = {
  month: number;
  year: number;
  /** '' every slip, 'true' published, 'false' not yet. */
  approved: '' | 'true' | 'false';
  search: string;
  offset: number;
};

/**
 * /rh/fiches filters (month, state, search, page) kept in the address, like the other HR lists:
 * a filtered list can be bookmarked and survives « back » from an extraction. Any change but the
 * page goes back to page 1. The month defaults to the current Casablanca month.
 */
export function usePayslipFilters(now?: Date) {
  const current = currentMonth(now);
  return useUrlFilters(
    (params): PayslipFilterState => ({
      month: readIntParam(params.get('month'), 1, 12) ?? current.month,
      year: readIntParam(params.get('year'), 2000, 2100) ?? current.year,
      approved: readOneOfParam(params.get('approved'), ['true', 'false'] as const) ?? '',
      search: params.get('search') ?? '',
      offset: readIntParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
    }),
    'offset',
  );
}
