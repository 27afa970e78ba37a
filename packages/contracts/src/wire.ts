import { z } from 'zod';

/** The error body every failing API call answers with (ARCHITECTURE "API wire contract"). */
export const ZErrorItem = z.object({
  code: z.string(),
  detail: z.string(),
  attr: z.string().nullable(),
});
export const ZErrorBody = z.object({
  type: z.enum(['validation_error', 'client_error', 'server_error']),
  errors: z.array(ZErrorItem),
});
export type TErrorItem = z.infer<typeof ZErrorItem>;
export type TErrorBody = z.infer<typeof ZErrorBody>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    /**
     * Present and true when `count` is the planner's estimate, not a count: a list past the
     * server's exact-count threshold (10,000 rows) is not counted row by row on every page.
     */
    count_is_estimate: z.boolean().optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type TPaginated<T> = {
  count: number;
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
};

/** Money on the wire: a decimal string with two decimals, as DRF sends it ("1500.00"). */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);
export const ZDateTime = z.string();

/**
 * The largest PostgreSQL `integer` (ids are `serial`): an id, offset or page number past it is
 * refused as `max_value` at the boundary instead of reaching the database as an error.
 */
export const MAX_DB_INTEGER = 2_147_483_647;
export const ZId = z.coerce.number().int().positive().max(MAX_DB_INTEGER);
/**
 * An object id in a JSON body: a positive integer PostgreSQL's `integer` can hold (else
 * `max_value`). The bound is checked first and alone: zod's own safe-integer bound of `int()`
 * would report a second, looser `max_value` for the same field.
 */
export const ZObjectId = z.number().max(MAX_DB_INTEGER).pipe(z.number().int().positive());
export const ZIdParams = z.object({ id: ZId });
