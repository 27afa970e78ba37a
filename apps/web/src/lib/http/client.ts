import { CASABLANCA_OFFSET_HEADER } from '@tasbiq/contracts/constants';
import { WIRE_ERROR_CODES } from '@tasbiq/contracts/error-codes';
import { rememberCasablancaOffset } from '../dates/casablanca-clock.ts';
import { ApiError, NetworkError } from './api-error.ts';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-store.ts';

/**
 * The one way the web app talks to the API (spec §4 and §8):
 * - bearer access token on private calls;
 * - 401 `token_not_valid` → one refresh shared by every failing call, then the call is replayed;
 *   a refused refresh ends the session (tokens cleared, session-expired handler called);
 * - 403 `terms_not_accepted` → the terms handler (the shell's modal) is awaited, then one retry;
 * - any other non-2xx answer → ApiError; no answer at all → NetworkError.
 * No timeout, as in the original (spec §9); callers cancel through `signal`.
 */

export type QueryValue = string | number | boolean | undefined | null | string[];

export type RequestOptions = {
  /** Query string. undefined, null and empty lists are left out; lists are sent comma-separated (`status_in=a,b`). */
  params?: Record<string, QueryValue>;
  /** Send the bearer token and handle refresh (default true). Set false for login, reset and onboarding calls. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type ResponseKind = 'json' | 'blob';

type HttpConfig = { baseUrl: string };
const config: HttpConfig = { baseUrl: '/api' };

export function configureHttp(options: Partial<HttpConfig>): void {
  if (options.baseUrl !== undefined) config.baseUrl = options.baseUrl.replace(/\/+$/, '');
}

const sessionExpiredHandlers = new Set<() => void>();

/** Called once the session cannot be renewed; the shell navigates to /login. Returns an unsubscribe. */
export function onSessionExpired(handler: () => void): () => void {
  sessionExpiredHandlers.add(handler);
  return () => {
    sessionExpiredHandlers.delete(handler);
  };
}

type TermsHandler = () => Promise<void>;
let termsHandler: TermsHandler | null = null;

/**
 * The shell's terms modal: resolves once the user accepted the latest terms. Pass null to remove it.
 * Returns a function that removes this handler (and only this one).
 */
export function setTermsHandler(handler: TermsHandler | null): () => void {
  termsHandler = handler;
  return () => {
    if (termsHandler === handler) termsHandler = null;
  };
}

export function buildUrl(path: string, params?: RequestOptions['params']): string {
  // Absolute URLs pass through: paginated answers carry `next`/`previous` as full links.
  const base = /^https?:\/\//.test(path) ? path : `${config.baseUrl}/${path.replace(/^\/+/, '')}`;
  if (!params) return base;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  const query = search.toString();
  if (!query) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

type Attempt = { hasRefreshed: boolean; hasAcceptedTerms: boolean };

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
  kind: ResponseKind,
  attempt: Attempt,
): Promise<T> {
  const isPrivate = options.auth ?? true;
  const accessUsed = isPrivate ? getAccessToken() : null;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (accessUsed) headers.Authorization = `Bearer ${accessUsed}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser writes the multipart boundary itself; a Content-Type set here would lack it.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: payload,
      signal: options.signal,
    });
    rememberCasablancaOffset(response.headers.get(CASABLANCA_OFFSET_HEADER));
  } catch (error) {
    // An abort is the caller's decision, not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  if (response.ok) return (await readBody(response, kind)) as T;

  const error = await ApiError.fromBody(response.status, await readJson(response));
  const retry = () => send<T>(method, path, body, options, kind, attempt);

  if (
    isPrivate &&
    error.status === 401 &&
    error.code === WIRE_ERROR_CODES.tokenNotValid &&
    !attempt.hasRefreshed
  ) {
    attempt.hasRefreshed = true;
    // Another call may have renewed the pair while this one was in flight: replay with it directly.
    const current = getAccessToken();
    if (current && current !== accessUsed) return retry();
    if (await refreshSession()) return retry();
    throw error;
  }

  if (
    error.status === 403 &&
    error.code === 'terms_not_accepted' &&
    !attempt.hasAcceptedTerms &&
    termsHandler
  ) {
    attempt.hasAcceptedTerms = true;
    await awaitTerms(termsHandler);
    return retry();
  }

  throw error;
}

async function readBody(response: Response, kind: ResponseKind): Promise<unknown> {
  if (kind === 'blob') return response.blob();
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

// One refresh at a time: the refresh token is single-use, so two parallel refreshes would have the
// second one rejected and log the user out.
let refreshing: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function doRefresh(): Promise<boolean> {
  const refresh = getRefreshToken();
  if (!refresh) {
    expireSession();
    return false;
  }
  let response: Response;
  try {
    response = await fetch(buildUrl('/auth/token/refresh'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
  } catch (error) {
    // Offline is not a refused session: keep the tokens so the user is still logged in once back.
    throw new NetworkError(error);
  }
  // A 5xx says nothing about the token either; only a refusal ends the session.
  if (response.status >= 500) throw await ApiError.fromBody(response.status, await readJson(response));
  const data = response.ok ? await readJson(response) : null;
  if (isTokenPair(data)) {
    setTokens({ access: data.access, refresh: data.refresh });
    return true;
  }
  expireSession();
  return false;
}

function isTokenPair(data: unknown): data is { access: string; refresh: string } {
  if (typeof data !== 'object' || data === null) return false;
  const { access, refresh } = data as Record<string, unknown>;
  return typeof access === 'string' && typeof refresh === 'string';
}

function expireSession(): void {
  clearTokens();
  for (const handler of [...sessionExpiredHandlers]) handler();
}

// Several calls refused for pending terms share one modal.
let acceptingTerms: Promise<void> | null = null;

function awaitTerms(handler: TermsHandler): Promise<void> {
  acceptingTerms ??= handler().finally(() => {
    acceptingTerms = null;
  });
  return acceptingTerms;
}

function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  return send<T>(method, path, body, options, 'json', { hasRefreshed: false, hasAcceptedTerms: false });
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  /** `body` is for the rare DELETE that carries one; most pass `params` (e.g. bulk_delete?ids=1,2). */
  delete: <T = void>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
  /** Downloads (fiche PDF, exports) with the same auth, refresh and terms handling. */
  getBlob: (path: string, options?: RequestOptions) =>
    send<Blob>('GET', path, undefined, options ?? {}, 'blob', {
      hasRefreshed: false,
      hasAcceptedTerms: false,
    }),
};

/**
 * Ends the session. The server call only blacklists the refresh token; the user is logged out
 * locally first and whatever the server answers (spec §4), and this never throws.
 */
export async function logout(): Promise<void> {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  clearTokens();
  if (!refresh) return;
  try {
    // Sent directly, not through `send`: an expired access token must not trigger a refresh (which
    // would rotate the very token we are revoking) nor the session-expired handler.
    await fetch(buildUrl('/auth/logout'), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...(access ? { Authorization: `Bearer ${access}` } : {}),
      },
      body: JSON.stringify({ refresh }),
    });
  } catch {
    // Offline or server down: the refresh token then simply expires (1 day).
  }
}
