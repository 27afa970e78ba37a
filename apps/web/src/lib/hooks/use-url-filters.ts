import { useSearchParams } from 'react-router';

/** New values for some filters, as they go in the address; '' removes a filter. */
export type FilterChanges<Filters> = Partial<Record<keyof Filters & string, string>>;

/**
 * A list's filters kept in the address (`?type=advance&search=…&offset=20`), so a filtered list
 * can be bookmarked and survives "back". `parse` reads them, falling back on defaults for missing
 * or unusable values. `update` sets some of them; any change that does not name the page
 * (`pageKey`) goes back to the first page. The history entry is replaced, not pushed: "back" leaves
 * the screen rather than undoing one filter at a time.
 */
export function useUrlFilters<Filters extends object>(
  parse: (params: URLSearchParams) => Filters,
  pageKey: keyof Filters & string,
) {
  const [params, setParams] = useSearchParams();
  const filters = parse(params);
  const update = (changes: FilterChanges<Filters>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!(pageKey in changes)) next.delete(pageKey);
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update };
}
