import { MAX_DB_INTEGER } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import { notFound } from './errors.ts';

/** Path parameters of a detail route: kept as text so a malformed id can answer 404 (below). */
export const ZObjectIdParams = z.object({ id: z.string() });

/**
 * The id of `/things/{id}`. Like DRF's get_object_or_404, anything that is not an existing
 * object's id — "abc", "0", a number past the integer range — answers 404 not_found, never 400
 * or 500, so a client cannot tell a malformed id from another company's.
 */
export function objectIdOrNotFound(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > MAX_DB_INTEGER) throw notFound();
  return id;
}
