/**
 * The session's JWT pair, kept in localStorage (spec §3 "Tokens") so a reload or a second tab stays
 * logged in. Every read goes to storage rather than a module variable: another tab may have rotated
 * the pair since, and the refresh token is single-use (the API blacklists a used one).
 */

export const ACCESS_TOKEN_KEY = 'tasbiq.access';
export const REFRESH_TOKEN_KEY = 'tasbiq.refresh';

export type TokenPair = { access: string; refresh: string };
/** Receives the pair now stored, or null once the session has ended. */
export type TokenListener = (tokens: TokenPair | null) => void;

const listeners = new Set<TokenListener>();

// Storage can throw (Safari private mode, quota, disabled cookies): the app then behaves as logged out
// instead of crashing.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

function currentTokens(): TokenPair | null {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  return access && refresh ? { access, refresh } : null;
}

function notify(): void {
  const tokens = currentTokens();
  for (const listener of [...listeners]) listener(tokens);
}

export function setTokens(tokens: TokenPair): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access);
    localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  } catch {
    // Nothing to do: the session then lives only until the access token expires.
  }
  notify();
}

export function clearTokens(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
  notify();
}

// The `storage` event only fires in the *other* tabs, which is exactly when our listeners would not
// otherwise hear about a login, a refresh or a logout. `key === null` means storage.clear().
function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
}

export function subscribeTokens(listener: TokenListener): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', onStorage);
  };
}
