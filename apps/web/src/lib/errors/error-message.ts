import {
  ERROR_MESSAGES_FR,
  formatTemplate,
  UNKNOWN_ERROR_TEMPLATE_FR,
  VALIDATION_MESSAGES_FR,
} from '@tasbiq/contracts/error-codes';
import { commonFr } from '../../locales/fr/common.ts';
import { fieldErrorMessagesFr } from '../../locales/fr/errors.ts';
import { isApiError, isNetworkError } from '../http/api-error.ts';

const catalogue: Record<string, string> = { ...fieldErrorMessagesFr, ...ERROR_MESSAGES_FR };

// Own keys only: a code such as "constructor" must not find Object.prototype's function.
function lookup(key: string): string | undefined {
  return Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
}

/** Texts a form prefers for its own fields, by `attr.code` (a group's name taken…). */
export type FieldMessages = Readonly<Record<string, string>>;

function messageFor(
  code: string,
  attr: string | null | undefined,
  messages: FieldMessages = {},
): string | undefined {
  const key = attr ? `${attr}.${code}` : undefined;
  const own = key && Object.hasOwn(messages, key) ? messages[key] : undefined;
  return own ?? (key ? lookup(key) : undefined) ?? lookup(code);
}

function isDeviceOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Browsers word a failed fetch differently; a bare TypeError elsewhere is a bug, not the network. */
const FETCH_FAILURE = /failed to fetch|networkerror|load failed|network request failed|fetch failed/i;

/**
 * The French sentence to show for any failure (spec §8): the catalogue text for the first error,
 * looked up by `attr.code` then by `code`; otherwise the unknown-error text with the code so support
 * can trace it. The API's `detail` is deliberately not shown: it is for developers and logs.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const first = error.errors[0];
    if (first)
      return messageFor(first.code, first.attr) ?? formatTemplate(UNKNOWN_ERROR_TEMPLATE_FR, first.code);
    return formatTemplate(UNKNOWN_ERROR_TEMPLATE_FR, error.status);
  }
  if (isNetworkError(error) || (error instanceof TypeError && FETCH_FAILURE.test(error.message))) {
    // Offline, the request never left the device: say so, so the person knows nothing moved.
    return isDeviceOffline() ? commonFr.offlineError : commonFr.networkError;
  }
  if (error instanceof DOMException && error.name === 'AbortError') return commonFr.requestCanceled;
  return formatTemplate(UNKNOWN_ERROR_TEMPLATE_FR, commonFr.unknownCode);
}

/**
 * Why data could not be loaded, for a list or a page with a retry: a server failure (5xx, or a
 * proxy's error page) says the service is unavailable rather than an error code the person can do
 * nothing with; a network failure says so; anything else is `errorMessage`'s catalogue text.
 */
export function loadErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 500) return commonFr.serverUnavailable;
  return errorMessage(error);
}

/**
 * Validation errors by field path (`email`, `items.0.amount`, `non_field_errors`), in French, for
 * forms (react-hook-form's `setError(path, …)` takes the same paths). The first error of a field
 * wins. An unknown code on a field reads as "invalid value": the unknown-error text with its support
 * code makes no sense beside an input. `messages` are the form's own texts by `attr.code`.
 */
export function fieldErrors(error: unknown, messages: FieldMessages = {}): Record<string, string> {
  if (!isApiError(error) || error.body?.type !== 'validation_error') return {};
  // A Map, then fromEntries: field paths come from the server and "__proto__" must stay a plain key.
  const byField = new Map<string, string>();
  for (const item of error.errors) {
    if (!item.attr || byField.has(item.attr)) continue;
    byField.set(
      item.attr,
      messageFor(item.code, item.attr, messages) ?? ERROR_MESSAGES_FR.invalid ?? item.detail,
    );
  }
  return Object.fromEntries(byField);
}

/** Spec §5 form texts, with the field's label in place of `{0}`. */
export function requiredMessage(label: string): string {
  return formatTemplate(VALIDATION_MESSAGES_FR.required, label);
}

export function invalidMessage(label: string): string {
  return formatTemplate(VALIDATION_MESSAGES_FR.invalid, label);
}

export function minMessage(label: string, min: number | string): string {
  return formatTemplate(VALIDATION_MESSAGES_FR.min, label, min);
}

export function maxMessage(label: string, max: number | string): string {
  return formatTemplate(VALIDATION_MESSAGES_FR.max, label, max);
}

export const END_AFTER_START_MESSAGE = VALIDATION_MESSAGES_FR.endAfterStart;
export const PASSWORD_MISMATCH_MESSAGE = VALIDATION_MESSAGES_FR.passwordMismatch;
