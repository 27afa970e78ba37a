import { currentMonth, recentYears, type YearMonth } from '../../lib/dates/casablanca-month.ts';
import { type FilterChanges, useUrlFilters } from '../../lib/hooks/use-url-filters.ts';
import { readIntParam, readOneOfParam } from '../../lib/url/read-param.ts';
import { HISTORY_ITEM_PARAM } from '../shared/history-link.ts';

export const HISTORY_TABS = ['advances', 'recharges', 'bills', 'transfers'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export type HistoryFilters = YearMonth & {
  tab: HistoryTab;
  offset: number;
  /** The advance or top-up to show (a notification's link, features/shared/history-link.ts), or null. */
  item: number | null;
};

/** How many years back the year filter goes. */
const HISTORY_YEARS = 5;

/**
 * Tab, month, year and page live in the address (`/historique?tab=recharges&month=10&year=2026`),
 * so a period can be bookmarked, survives "back", and other screens can link to a tab, or to one
 * item of it (`&item=12`, highlighted until another filter or page is chosen). Missing or unusable
 * values fall back to the first tab shown and the current Casablanca month.
 */
export function useHistoryFilters(tabs: readonly HistoryTab[]) {
  const now = currentMonth();
  const { filters, update: updateAddress } = useUrlFilters(
    (params): HistoryFilters => ({
      tab: readOneOfParam(params.get('tab'), tabs) ?? tabs[0] ?? 'advances',
      month: readIntParam(params.get('month'), 1, 12) ?? now.month,
      year: readIntParam(params.get('year'), now.year - HISTORY_YEARS + 1, now.year) ?? now.year,
      offset: readIntParam(params.get('offset'), 0, 9999) ?? 0,
      item: readIntParam(params.get(HISTORY_ITEM_PARAM), 1, 2_147_483_647),
    }),
    'offset',
  );

  /**
   * Sets some filters; any change but the page goes back to the first page, and any change lets
   * go of the linked item.
   */
  const update = (changes: Partial<Omit<HistoryFilters, 'item'>>) => {
    const inAddress: FilterChanges<HistoryFilters> = { item: '' };
    for (const [key, value] of Object.entries(changes) as [keyof HistoryFilters, string | number][])
      inAddress[key] = key === 'offset' && value === 0 ? '' : String(value);
    updateAddress(inAddress);
  };
  return { filters, update, years: recentYears(new Date(), HISTORY_YEARS) };
}
