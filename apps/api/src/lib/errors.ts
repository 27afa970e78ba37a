import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';

export type ErrorType = 'validation_error' | 'client_error' | 'server_error';

/**
 * The one error type of the API: thrown anywhere, turned into the wire format by the error
 * handler. `detail` defaults to the French text of the code so every answer is readable.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly attr: string | null;
  readonly type: ErrorType;
  readonly headers: Record<string, string>;

  constructor(
    code: string,
    options: {
      status?: number;
      detail?: string;
      attr?: string | null;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(options.detail ?? ERROR_MESSAGES_FR[code] ?? code);
    this.code = code;
    this.status = options.status ?? 400;
    this.attr = options.attr ?? null;
    this.headers = options.headers ?? {};
    this.type = this.status >= 500 ? 'server_error' : this.attr ? 'validation_error' : 'client_error';
  }
}

/** A field error in DRF's shape: `validation_error` with the field path in `attr`. */
export function fieldError(attr: string, code: string, detail?: string): AppError {
  return new AppError(code, { status: 400, attr, detail });
}

export const notFound = () => new AppError('not_found', { status: 404 });
export const permissionDenied = () => new AppError('permission_denied', { status: 403 });
export const notAuthenticated = () => new AppError('not_authenticated', { status: 401 });
export const tokenNotValid = (detail?: string) => new AppError('token_not_valid', { status: 401, detail });
