import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';

/**
 * What ANALYZE keeps about `employees.search_text` (pg_stats): its most common values with their
 * share of the rows, and the bounds of its histogram, each bound standing for an equal share of
 * the other rows. The values PostgreSQL's own planner estimates a `like` from.
 */
export type SearchTextStatistics = {
  nullShare: number;
  common: { value: string; share: number }[];
  bounds: string[];
};

/** How long a process trusts what it read (ANALYZE itself runs far less often). */
export const SEARCH_STATISTICS_MAX_AGE_MS = 60_000;

/** `c` read as itself in a regular expression. */
function plain(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/**
 * `like` as a regular expression: `%` any run, `_` one character, `\\` makes the next one plain
 * (the escapes `likePattern` writes). A `%` at either end is left unanchored rather than matched
 * as a run: the same test, without the backtracking.
 */
export function likeToRegExp(pattern: string): RegExp {
  const chars = Array.from(pattern); // characters, as `like` counts them for `_`
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) {
      i += 1;
      parts.push(plain(chars[i]!));
    } else if (c === '%') parts.push(ANY_RUN);
    else if (c === '_') parts.push('[\\s\\S]');
    else parts.push(plain(c));
  }
  const open = parts[0] === ANY_RUN;
  if (open) parts.shift();
  const openEnd = parts.at(-1) === ANY_RUN;
  if (openEnd) parts.pop();
  return new RegExp(`${open ? '' : '^'}${parts.join('')}${openEnd ? '' : '$'}`, 'u');
}
const ANY_RUN = '[\\s\\S]*';

/**
 * The share of all employees whose search text matches `pattern` (already normalised), as the
 * planner would reckon it: the matching common values' shares, plus the rest of the rows in
 * proportion to the histogram bounds that match. Null when ANALYZE has not described the column.
 */
export function matchingShare(statistics: SearchTextStatistics, pattern: string): number | null {
  const { common, bounds, nullShare } = statistics;
  if (common.length === 0 && bounds.length === 0) return null;
  const matches = likeToRegExp(pattern);
  let share = 0;
  let commonShare = 0;
  for (const { value, share: valueShare } of common) {
    commonShare += valueShare;
    if (matches.test(value)) share += valueShare;
  }
  if (bounds.length > 0) {
    const matched = bounds.filter((bound) => matches.test(bound)).length;
    share += Math.max(0, 1 - nullShare - commonShare) * (matched / bounds.length);
  }
  return Math.min(1, share);
}

type Entry<T> = { at: number; value: Promise<T> };

/**
 * One value per key, read again once older than `SEARCH_STATISTICS_MAX_AGE_MS`; a failed read is
 * forgotten so that the next request tries again.
 */
function minuteCache<K, T>(read: (key: K) => Promise<T>) {
  const entries = new Map<K, Entry<T>>();
  return (key: K, now: number): Promise<T> => {
    const entry = entries.get(key);
    if (entry && now - entry.at < SEARCH_STATISTICS_MAX_AGE_MS) return entry.value;
    const value = read(key);
    entries.set(key, { at: now, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/** `employees.search_text`'s statistics, as ANALYZE last left them. */
export async function readSearchTextStatistics(db: DbOrTx): Promise<SearchTextStatistics> {
  const { rows } = await db.execute(sql`
    select null_frac as "nullShare",
           coalesce(histogram_bounds::text::text[], '{}') as bounds,
           coalesce(most_common_vals::text::text[], '{}') as "commonValues",
           coalesce(most_common_freqs, '{}') as "commonShares"
    from pg_stats
    where schemaname = current_schema() and tablename = 'employees' and attname = 'search_text'
      and not inherited`);
  const row = (
    rows as { nullShare: number; bounds: string[]; commonValues: string[]; commonShares: number[] }[]
  )[0];
  if (!row) return { nullShare: 0, common: [], bounds: [] };
  return {
    nullShare: Number(row.nullShare),
    bounds: row.bounds,
    common: row.commonValues.map((value, i) => ({ value, share: Number(row.commonShares[i]) })),
  };
}

async function readCompanySize(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(employees)
    .where(eq(employees.companyId, companyId));
  return row?.value ?? 0;
}

type Caches = {
  statistics: (key: 'employees', now: number) => Promise<SearchTextStatistics>;
  companySize: (companyId: number, now: number) => Promise<number>;
};
const cachesPerDatabase = new WeakMap<object, Caches>();

/**
 * A broad one-term search's total without asking PostgreSQL anything per request (decision 051):
 * the company's number of employees times the share of ANALYZE's sample of search texts that
 * matches the (normalised) pattern. Both are read at most once a minute per process, whatever the
 * term, so a first page costs the same as any other. Null when the column has no statistics yet
 * (the caller asks the planner instead).
 */
export async function estimateSearchMatches(
  db: DbOrTx,
  companyId: number,
  normalizedPattern: string,
  now = Date.now(),
): Promise<number | null> {
  let caches = cachesPerDatabase.get(db);
  if (!caches) {
    caches = {
      statistics: minuteCache(() => readSearchTextStatistics(db)),
      companySize: minuteCache((id) => readCompanySize(db, id)),
    };
    cachesPerDatabase.set(db, caches);
  }
  const [statistics, companySize] = await Promise.all([
    caches.statistics('employees', now),
    caches.companySize(companyId, now),
  ]);
  const share = matchingShare(statistics, normalizedPattern);
  return share === null ? null : Math.round(companySize * share);
}
