import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@tasbiq/contracts/constants';
import { VALIDATION_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { MAX_DB_INTEGER } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import { isDateRangeInverted } from './list-sql.ts';
import type { FieldIssue } from './validation.ts';

/**
 * Query-string building blocks with Django REST Framework's semantics, used by every list
 * route's querystring schema so `?is_active=1`, `?status_in=a,b` and `?created_after=2026-11-01`
 * mean the same thing everywhere.
 */

/** A bad or missing limit falls back to the default page size (DRF), and is capped. */
export const zLimit = z
  .unknown()
  .transform((v) => {
    const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_PAGE_SIZE) : undefined;
  })
  .optional();

/**
 * A whole number (made from digits) PostgreSQL can take (ids are `integer`): past it, `max_value`
 * rather than a database error. No `int()`: its safe-integer bound would be a second `max_value`.
 */
const zDbInteger = z.number().max(MAX_DB_INTEGER);

/** Digits as a number; 309 digits or more stay finite, so they are `max_value` too, not `invalid`. */
const digitsToNumber = (digits: string) => Math.min(Number(digits), Number.MAX_VALUE);

/** A bad offset falls back to 0 (DRF); one past the database's integers is `max_value`. */
export const zOffset = z
  .unknown()
  .transform((v) => (typeof v === 'string' && /^\d+$/.test(v) ? digitsToNumber(v) : 0))
  .pipe(zDbInteger)
  .optional();

/** DRF's page number pagination (wallet transactions use `?page=`); bounded like the offset. */
export const zPage = z
  .unknown()
  .transform((v) => (typeof v === 'string' && /^\d+$/.test(v) && Number(v) > 0 ? digitsToNumber(v) : 1))
  .pipe(zDbInteger)
  .optional();

const TRUE = new Set(['true', '1', 'True']);
const FALSE = new Set(['false', '0', 'False']);
export const zBool = z
  .string()
  .refine((v) => TRUE.has(v) || FALSE.has(v), { message: 'invalid' })
  .transform((v) => TRUE.has(v))
  .optional();

/** `x_in=a,b,c` → ['a','b','c'], each item validated. */
export function zCsvOf<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item))
    .optional();
}

/** True for a real calendar day (`2026-02-31` is not) or a parseable ISO datetime. */
function isDateParam(value: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * An inclusive calendar date `YYYY-MM-DD` (DRF DateFilter); also accepts a full ISO datetime.
 * One check, so a bad value yields one `invalid` error, not one per failed rule. A pair
 * `<name>_after` / `<name>_before` whose end is before its start is refused for every route at
 * once, by the validator compiler (`dateRangeIssues`).
 */
export const zDateParam = z.string().refine(isDateParam, { message: 'invalid' }).optional();

/**
 * Spec §5, "La date de fin doit être après la date de début.": one `invalid` issue on the
 * `_before` field of each `X_after` / `X_before` pair of a request (query string or body, top
 * level) whose two dates are valid and inverted. An inverted range used to answer an empty page.
 */
export function dateRangeIssues(data: unknown): FieldIssue[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  const values = data as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(values)) {
    if (!key.endsWith('_after')) continue;
    const beforeKey = `${key.slice(0, -'_after'.length)}_before`;
    const after = values[key];
    const before = Object.hasOwn(values, beforeKey) ? values[beforeKey] : undefined;
    if (typeof after !== 'string' || typeof before !== 'string') continue;
    if (!isDateParam(after) || !isDateParam(before) || !isDateRangeInverted(after, before)) continue;
    issues.push({ code: 'invalid', detail: VALIDATION_MESSAGES_FR.endAfterStart, attr: beforeKey });
  }
  return issues;
}

export const zSearch = z
  .string()
  .max(200)
  .transform((v) => v.split(/\s+/).filter(Boolean))
  .optional();

/** Checked against each list's own whitelist by `orderingClause` (lib/list-sql.ts). */
export const zOrdering = z.string().max(100).optional();

/** An object id in a query string (`employee=12`, an item of `id_in=1,2`): digits, within `integer`. */
export const zId = z
  .string()
  .regex(/^\d+$/, { message: 'invalid' })
  .transform(digitsToNumber)
  .pipe(zDbInteger);

export const zIdParam = zId.optional();

export const ZListQuery = z.object({
  limit: zLimit,
  offset: zOffset,
  search: zSearch,
  ordering: zOrdering,
});

export function pageSize(limit: number | undefined, companyPageSize?: number): number {
  return limit ?? Math.min(companyPageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
}
