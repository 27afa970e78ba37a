import { formatTemplate, VALIDATION_DETAILS_FR } from '@tasbiq/contracts/error-codes';
import { and, asc, desc, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors.ts';
import { startOfDayInCasablanca } from './time.ts';

/** Every term must match at least one searchable column (DRF SearchFilter). */
export function searchCondition(terms: string[] | undefined, columns: AnyPgColumn[]): SQL | undefined {
  if (!terms || terms.length === 0) return undefined;
  const perTerm = terms.map((term) => {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(...columns.map((column) => ilike(column, pattern)));
  });
  return and(...perTerm);
}

/**
 * `ordering=-created,name` over a whitelist of public names. An unknown field is a validation
 * error rather than silently ignored, so a typo in a client shows up at once. A name may map to
 * an expression (a count subquery) as well as a column. Only the whitelist's own names count:
 * `__proto__`, `constructor` or `toString` are found on every object literal, not in the list.
 */
export function orderingClause(
  ordering: string | undefined,
  allowed: Record<string, AnyPgColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  if (!ordering) return fallback;
  const clauses: SQL[] = [];
  for (const raw of ordering
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw;
    const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (!column)
      throw new AppError('invalid_choice', {
        attr: 'ordering',
        detail: formatTemplate(VALIDATION_DETAILS_FR.unknownOrdering, name),
      });
    clauses.push(descending ? desc(column) : asc(column));
  }
  return clauses.length > 0 ? [...clauses, ...fallback] : fallback;
}

function bound(value: string, nextDay: boolean): Date {
  if (value.length > 10) return new Date(value);
  return startOfDayInCasablanca(value, nextDay ? 1 : 0);
}

/**
 * True when no instant can be both on or after `after` and on or before `before` (the bounds
 * `dateRangeCondition` uses): `created_after=2026-11-05&created_before=2026-11-04`. The same day
 * twice is one day, not inverted.
 */
export function isDateRangeInverted(after: string, before: string): boolean {
  const lower = bound(after, false).getTime();
  if (before.length > 10) return lower > new Date(before).getTime();
  return lower >= bound(before, true).getTime();
}

/** `created_after` / `created_before` are inclusive calendar days in Africa/Casablanca. */
export function dateRangeCondition(column: AnyPgColumn, after?: string, before?: string): SQL | undefined {
  const parts: SQL[] = [];
  if (after) parts.push(gte(column, bound(after, false)));
  if (before)
    parts.push(before.length > 10 ? sql`${column} <= ${new Date(before)}` : lt(column, bound(before, true)));
  return parts.length > 0 ? and(...parts) : undefined;
}
