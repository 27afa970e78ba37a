import { useSearchParams } from 'react-router';
import { currentMonth, recentYears, type YearMonth } from '../../lib/dates/casablanca-month.ts';

/** How many years back the year filter goes. */
const HISTORY_YEARS = 5;

export const HISTORY_TABS = ['advances', 'recharges', 'bills', 'transfers'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export type HistoryFilters = YearMonth & { tab: HistoryTab; offset: number };

function intParam(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d{1,4}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/**
 * Tab, month, year and page live in the address (`/historique?tab=recharges&month=10&year=2026`),
 * so a period can be bookmarked, survives "back", and other screens can link to a tab. Missing
 * or unusable values fall back to the first tab and the current Casablanca month.
 */
export function useHistoryFilters(tabs: readonly HistoryTab[]) {
  const [params, setParams] = useSearchParams();
  const now = currentMonth();
  const tabParam = params.get('tab') as HistoryTab | null;
  const offset = intParam(params.get('offset'), 0, 9999) ?? 0;
  const filters: HistoryFilters = {
    tab: tabParam && tabs.includes(tabParam) ? tabParam : (tabs[0] ?? 'advances'),
    month: intParam(params.get('month'), 1, 12) ?? now.month,
    year: intParam(params.get('year'), now.year - HISTORY_YEARS + 1, now.year) ?? now.year,
    offset,
  };

  /** Sets some filters; any change but the page goes back to the first page. */
  const update = (changes: Partial<HistoryFilters>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) next.set(key, String(value));
        if (!('offset' in changes) || changes.offset === 0) next.delete('offset');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update, years: recentYears(new Date(), HISTORY_YEARS) };
}
