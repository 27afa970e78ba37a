import type { TPaginated } from '@tasbiq/contracts/wire';
import type { FastifyRequest } from 'fastify';

function absoluteUrl(request: FastifyRequest, params: Record<string, string | null>): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  for (const [key, value] of Object.entries(params)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

/** DRF's LimitOffsetPagination envelope, with absolute `next`/`previous` links. */
export function limitOffsetPage<T>(
  request: FastifyRequest,
  page: { count: number; results: T[]; limit: number; offset: number; countIsEstimate?: boolean },
): TPaginated<T> {
  const { count, results, limit, offset } = page;
  // Only said when true: the envelope of every other list is unchanged.
  const estimate = page.countIsEstimate ? { count_is_estimate: true } : {};
  const next =
    offset + limit < count
      ? absoluteUrl(request, { limit: String(limit), offset: String(offset + limit) })
      : null;
  let previous: string | null = null;
  if (offset > 0) {
    const previousOffset = Math.max(offset - limit, 0);
    previous = absoluteUrl(request, {
      limit: String(limit),
      offset: previousOffset === 0 ? null : String(previousOffset),
    });
  }
  return { count, ...estimate, next, previous, results };
}

/** DRF's PageNumberPagination envelope (`?page=`), used by the company wallet transactions. */
export function pageNumberPage<T>(
  request: FastifyRequest,
  page: { count: number; results: T[]; limit: number; page: number },
): TPaginated<T> {
  const { count, results, limit } = page;
  const last = Math.max(Math.ceil(count / limit), 1);
  const next = page.page < last ? absoluteUrl(request, { page: String(page.page + 1) }) : null;
  const previous =
    page.page > 1 ? absoluteUrl(request, { page: page.page - 1 === 1 ? null : String(page.page - 1) }) : null;
  return { count, next, previous, results };
}
