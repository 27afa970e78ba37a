import type { TErrorBody, TErrorItem } from '@tasbiq/contracts/wire';

/** A call that reached the API and was answered with a non-2xx status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The wire error body, or null when the answer was not one (HTML from a proxy, empty body…). */
  readonly body: TErrorBody | null;
  /**
   * The answer as received, with what the wire shape leaves out: a refused CSV file carries its
   * row-by-row `report` beside `errors` (POST /employees/import/, /groups/…).
   */
  readonly data: unknown;

  constructor(status: number, body: TErrorBody | null, data: unknown = body) {
    super(body?.errors[0]?.detail ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.data = data;
  }

  get errors(): TErrorItem[] {
    return this.body?.errors ?? [];
  }

  /** The first error's code: the one the user is told about (spec §8). */
  get code(): string | undefined {
    return this.body?.errors[0]?.code;
  }

  /** The first error's field path (`items.0.amount`), null for whole-request errors. */
  get attr(): string | null | undefined {
    return this.body?.errors[0]?.attr;
  }

  /**
   * Parses a body that may or may not be the wire error shape; anything else is kept as null.
   * The schema (and zod with it) downloads the first time an error answer comes, not with the
   * first page: /login shows without it (issue 9 §4). Should that download fail, the error keeps
   * its status and a null body, as for a body that is not the wire shape.
   */
  static async fromBody(status: number, data: unknown): Promise<ApiError> {
    const wire = await import('@tasbiq/contracts/wire').catch(() => null);
    const parsed = wire?.ZErrorBody.safeParse(data);
    return new ApiError(status, parsed?.success ? parsed.data : null, data);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The request never got an answer (offline, DNS, CORS, server down). Wrapped by the client so callers
 * can tell it from a TypeError raised by a bug in our own code.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network error', { cause });
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}
