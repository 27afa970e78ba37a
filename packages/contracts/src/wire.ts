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
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export type TPaginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** Money on the wire: a decimal string with two decimals, as DRF sends it ("1500.00"). */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);
export const ZDateTime = z.string();
export const ZId = z.coerce.number().int().positive();
export const ZIdParams = z.object({ id: ZId });
