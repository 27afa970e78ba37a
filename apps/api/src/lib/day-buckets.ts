import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The 1-based index of the day a timestamptz falls in, given each day's first instant (ascending,
 * from lib/time's `lastCasablancaDays`). The day edges come from Node's time zone rules, so the
 * database never converts to Casablanca time with rules of its own (decision 023); 0 is before
 * the first edge. Rows past the last day must be filtered out by the caller.
 */
export function dayBucketSql(column: AnyPgColumn, starts: readonly Date[]): SQL<number> {
  const edges = `{${starts.map((start) => start.toISOString()).join(',')}}`;
  return sql<number>`width_bucket(${column}, ${edges}::timestamptz[])`.mapWith(Number);
}

/**
 * `group by 1`: the bucket is the first selected column. Repeating the expression would bind the
 * day edges a second time as another parameter, which PostgreSQL does not see as the same expression.
 */
export const BY_FIRST_COLUMN = sql.raw('1');

/** Rows grouped by `dayBucketSql`, back to their `YYYY-MM-DD` days. */
export function bucketsToDays<T extends { bucket: number }>(
  rows: readonly T[],
  days: readonly string[],
): Array<Omit<T, 'bucket'> & { day: string }> {
  return rows.flatMap(({ bucket, ...rest }) => {
    const day = days[bucket - 1];
    return day === undefined ? [] : [{ ...rest, day }];
  });
}
