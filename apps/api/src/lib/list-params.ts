import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@tasbiq/contracts/constants';
import { z } from 'zod';

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

export const zOffset = z
  .unknown()
  .transform((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : 0))
  .optional();

/** DRF's page number pagination (wallet transactions use `?page=`). */
export const zPage = z
  .unknown()
  .transform((v) => (typeof v === 'string' && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : 1))
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
 * One check, so a bad value yields one `invalid` error, not one per failed rule.
 */
export const zDateParam = z.string().refine(isDateParam, { message: 'invalid' }).optional();

export const zSearch = z
  .string()
  .max(200)
  .transform((v) => v.split(/\s+/).filter(Boolean))
  .optional();

export const zOrdering = z.string().max(100).optional();

export const zIdParam = z.string().regex(/^\d+$/, { message: 'invalid' }).transform(Number).optional();

export const ZListQuery = z.object({
  limit: zLimit,
  offset: zOffset,
  search: zSearch,
  ordering: zOrdering,
});

export function pageSize(limit: number | undefined, companyPageSize?: number): number {
  return limit ?? Math.min(companyPageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
}
