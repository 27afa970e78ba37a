import { AppError, fieldError } from '../../lib/errors.ts';

/** Wrong password, unknown account: one answer, so a caller cannot tell which (no enumeration). */
export const noActiveAccount = () => new AppError('NO_ACTIVE_ACCOUNT', { status: 401 });

export const incorrectOtp = () => fieldError('otp', 'incorrect_otp');

/** 429 with Retry-After, like DRF's throttling; `code` is `throttled` unless the spec has its own. */
export function throttled(retryAfterSeconds: number, code = 'throttled') {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(code, { status: 429, headers: { 'retry-after': String(seconds) } });
}

export const resetPasswordFailed = () => new AppError('RESET_PASSWORD_FAILED', { status: 400 });

/** PostgreSQL's unique_violation, through drizzle's wrapper (`cause`) on both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
