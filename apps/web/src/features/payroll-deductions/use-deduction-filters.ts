import { useSearchParams } from 'react-router';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';

export type DeductionFilterState = { month: number; year: number; search: string; offset: number };
export type DeductionFilterKey = keyof DeductionFilterState;

function intParam(value: string | null, min: number, max: number): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) && number >= min && number <= max ? number : null;
}

/**
 * The statement's month (default: the current Casablanca month), search and page, kept in the
 * address so payroll can bookmark "March 2026". Any change but the page goes back to page 1.
 */
export function useDeductionFilters(now?: Date) {
  const [params, setParams] = useSearchParams();
  const current = currentMonth(now);
  const filters: DeductionFilterState = {
    month: intParam(params.get('month'), 1, 12) ?? current.month,
    year: intParam(params.get('year'), 2000, 2100) ?? current.year,
    search: params.get('search') ?? '',
    offset: intParam(params.get('offset'), 1, Number.MAX_SAFE_INTEGER) ?? 0,
  };
  const update = (changes: Partial<Record<DeductionFilterKey, string>>) => {
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
