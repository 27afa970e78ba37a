import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { casablancaOffsetMinutes, forgetCasablancaOffset } from '../dates/casablanca-clock.ts';
import { ApiError, NetworkError } from './api-error.ts';
import { buildUrl, configureHttp, http, logout, onSessionExpired, setTermsHandler } from './client.ts';
import { getAccessToken, getRefreshToken, setTokens } from './token-store.ts';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function wireError(status: number, code: string, attr: string | null = null) {
  const type = status >= 500 ? 'server_error' : status === 400 ? 'validation_error' : 'client_error';
  return json(status, { type, errors: [{ code, detail: `detail ${code}`, attr }] });
}

/** A fake network: each request is recorded and answered by `route`. */
async function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function stubNetwork(route: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    return route(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const refreshCalls = (calls: Call[]) => calls.filter((call) => call.url === '/api/auth/token/refresh');

let cleanups: Array<() => void> = [];

beforeEach(() => {
  configureHttp({ baseUrl: '/api' });
  setTokens({ access: 'old-access', refresh: 'old-refresh' });
});

afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  // What an answer taught the clock must not leak into the next test, even after a failure.
  forgetCasablancaOffset();
  setTermsHandler(null);
  vi.unstubAllGlobals();
});

describe('http client: requests', () => {
  it('adds the bearer token on private calls, JSON headers, and parses the JSON answer', async () => {
    const calls = stubNetwork(() => json(200, { balance: '1500.00' }));
    await expect(http.get('/employees/solde')).resolves.toEqual({ balance: '1500.00' });
    expect(calls[0]).toMatchObject({
      url: '/api/employees/solde',
      method: 'GET',
      headers: { Authorization: 'Bearer old-access', Accept: 'application/json' },
    });
  });

  it('sends no bearer when auth is false', async () => {
    const calls = stubNetwork(() => json(200, { access: 'a', refresh: 'r' }));
    await http.post('/auth/token', { username: 'u', password: 'p' }, { auth: false });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ username: 'u', password: 'p' });
  });

  it('sends FormData as is, without a Content-Type (the browser adds the boundary)', async () => {
    const calls = stubNetwork(() => json(201, { id: 1 }));
    const form = new FormData();
    form.append('name', 'Cadres');
    await http.post('/groups/', form);
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('builds query strings: skips empty values, joins lists with commas, keeps booleans', async () => {
    const calls = stubNetwork(() => json(200, { count: 0, next: null, previous: null, results: [] }));
    await http.get('advances/', {
      params: {
        limit: 10,
        offset: 0,
        status_in: ['pending', 'accepted'],
        free: false,
        search: undefined,
        group: null,
      },
    });
    expect(calls[0]?.url).toBe('/api/advances/?limit=10&offset=0&status_in=pending%2Caccepted&free=false');
  });

  it('passes absolute URLs (pagination links) through and honours configureHttp', () => {
    expect(buildUrl('https://api.example.ma/api/advances/?offset=20')).toBe(
      'https://api.example.ma/api/advances/?offset=20',
    );
    configureHttp({ baseUrl: 'https://api.example.ma/api/' });
    expect(buildUrl('/settings', { a: 1 })).toBe('https://api.example.ma/api/settings?a=1');
  });

  it('uses PUT, PATCH and DELETE, and resolves empty answers to undefined', async () => {
    const calls = stubNetwork(() => new Response(null, { status: 204 }));
    await expect(http.put('/groups/1/', { name: 'A' })).resolves.toBeUndefined();
    await http.patch('/expenses/2/', { title: 'B' });
    await http.delete('/expenses/bulk_delete/', { params: { ids: ['1', '2'] } });
    expect(calls.map((call) => call.method)).toEqual(['PUT', 'PATCH', 'DELETE']);
    expect(calls[2]?.url).toBe('/api/expenses/bulk_delete/?ids=1%2C2');
  });

  it('remembers the Casablanca offset the API sends, for "today" on a phone with old time zone rules', async () => {
    // +03:00 is no rule set's Casablanca (old ones said +01:00, current ones +00:00): only the
    // header can give it, so the test fails if the header is not used, whatever this device's rules.
    expect(casablancaOffsetMinutes(new Date())).not.toBe(180);
    stubNetwork(() => json(200, {}, { 'Casablanca-Offset': '+03:00' }));
    await http.get('/settings');
    expect(casablancaOffsetMinutes(new Date())).toBe(180);
  });

  it('downloads blobs', async () => {
    stubNetwork(
      () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await http.getBlob('/fiches/3/download/');
    // Under jsdom on Node 24, Response.blob() may give a Blob without text(): a FileReader reads both.
    expect(blob.type).toBe('application/pdf');
    expect(await readBlobText(blob)).toBe('%PDF-1.7');
  });

  it('turns an error answer into an ApiError with the parsed body', async () => {
    stubNetwork(() => wireError(400, 'BALANCE_INSUFFICIENT', 'amount'));
    const error = await http.post('/advances/', { amount: 9999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BALANCE_INSUFFICIENT', attr: 'amount' });
    expect((error as ApiError).body?.type).toBe('validation_error');
  });

  it('keeps a non-JSON error answer as an ApiError with a null body', async () => {
    stubNetwork(
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = (await http.get('/settings').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.code).toBeUndefined();
  });

  it('wraps a failed fetch in a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/settings')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('http client: token refresh (401 token_not_valid)', () => {
  it('refreshes once, stores the new pair and replays the call with the new token', async () => {
    const calls = stubNetwork((call) => {
      if (call.url === '/api/auth/token/refresh')
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      return call.headers.Authorization === 'Bearer new-access'
        ? json(200, { ok: true })
        : wireError(401, 'token_not_valid');
    });
    await expect(http.get('/auth/account')).resolves.toEqual({ ok: true });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(refreshCalls(calls)[0]).toMatchObject({ method: 'POST', body: { refresh: 'old-refresh' } });
    expect(refreshCalls(calls)[0]?.headers.Authorization).toBeUndefined();
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/account',
      '/api/auth/token/refresh',
      '/api/auth/account',
    ]);
  });

  it('shares ONE refresh between concurrent failing calls', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = stubNetwork(async (call) => {
      if (call.url === '/api/auth/token/refresh') {
        await refreshGate;
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      return call.headers.Authorization === 'Bearer new-access'
        ? json(200, { url: call.url })
        : wireError(401, 'token_not_valid');
    });
    const first = http.get('/settings');
    const second = http.get('/auth/account');
    const third = http.get('/employees/solde');
    await vi.waitFor(() => expect(refreshCalls(calls)).toHaveLength(1));
    releaseRefresh();
    await expect(Promise.all([first, second, third])).resolves.toEqual([
      { url: '/api/settings' },
      { url: '/api/auth/account' },
      { url: '/api/employees/solde' },
    ]);
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('replays without refreshing again when another call already renewed the pair', async () => {
    const calls = stubNetwork(async (call) => {
      if (call.url === '/api/auth/token/refresh')
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      if (call.headers.Authorization === 'Bearer new-access') return json(200, {});
      // The slow call answers after the first call's refresh has completed.
      if (call.url === '/api/slow') await vi.waitFor(() => expect(getAccessToken()).toBe('new-access'));
      return wireError(401, 'token_not_valid');
    });
    await Promise.all([http.get('/fast'), http.get('/slow')]);
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('on a refused refresh: clears tokens, calls the session-expired handler, throws the original error', async () => {
    const expired = vi.fn();
    cleanups.push(onSessionExpired(expired));
    const calls = stubNetwork((call) =>
      call.url === '/api/auth/token/refresh'
        ? wireError(401, 'token_not_valid')
        : wireError(401, 'token_not_valid'),
    );
    const error = await http.get('/auth/account').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('token_not_valid');
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    // Never replayed, never refreshed twice.
    expect(calls).toHaveLength(2);
  });

  it('a call still refused after the refresh is not refreshed again', async () => {
    const calls = stubNetwork((call) =>
      call.url === '/api/auth/token/refresh'
        ? json(200, { access: 'new-access', refresh: 'new-refresh' })
        : wireError(401, 'token_not_valid'),
    );
    await expect(http.get('/auth/account')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('does not refresh on other 401 codes nor on public calls', async () => {
    const calls = stubNetwork(() => wireError(401, 'NO_ACTIVE_ACCOUNT'));
    await expect(http.post('/auth/token', {}, { auth: false })).rejects.toMatchObject({
      code: 'NO_ACTIVE_ACCOUNT',
    });
    stubNetwork(() => wireError(401, 'token_not_valid'));
    await expect(http.get('/cities', { auth: false })).rejects.toMatchObject({ code: 'token_not_valid' });
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(getRefreshToken()).toBe('old-refresh');
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    const expired = vi.fn();
    cleanups.push(onSessionExpired(expired));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).endsWith('/auth/token/refresh')) throw new TypeError('Failed to fetch');
        return wireError(401, 'token_not_valid');
      }),
    );
    await expect(http.get('/auth/account')).rejects.toBeInstanceOf(NetworkError);
    expect(expired).not.toHaveBeenCalled();
    expect(getRefreshToken()).toBe('old-refresh');
  });
});

describe('http client: terms (403 terms_not_accepted)', () => {
  it('awaits the terms handler, then retries the call once', async () => {
    let hasAccepted = false;
    const handler = vi.fn(async () => {
      await Promise.resolve();
      hasAccepted = true;
    });
    setTermsHandler(handler);
    const calls = stubNetwork(() =>
      hasAccepted ? json(200, { id: 1 }) : wireError(403, 'terms_not_accepted'),
    );
    await expect(http.post('/advances/', { amount: 100 })).resolves.toEqual({ id: 1 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ amount: 100 });
  });

  it('retries only once', async () => {
    const handler = vi.fn(async () => {});
    setTermsHandler(handler);
    const calls = stubNetwork(() => wireError(403, 'terms_not_accepted'));
    await expect(http.get('/settings')).rejects.toMatchObject({ code: 'terms_not_accepted' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
  });

  it('shares one terms prompt between concurrent calls', async () => {
    let hasAccepted = false;
    let accept: () => void = () => {};
    const handler = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          accept = () => {
            hasAccepted = true;
            resolve();
          };
        }),
    );
    setTermsHandler(handler);
    stubNetwork(() => (hasAccepted ? json(200, {}) : wireError(403, 'terms_not_accepted')));
    const both = Promise.all([http.get('/a'), http.get('/b')]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    accept();
    await both;
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('throws when no terms handler is registered, or when it rejects', async () => {
    const calls = stubNetwork(() => wireError(403, 'terms_not_accepted'));
    await expect(http.get('/settings')).rejects.toMatchObject({ status: 403, code: 'terms_not_accepted' });
    expect(calls).toHaveLength(1);
    setTermsHandler(() => Promise.reject(new Error('refused')));
    await expect(http.get('/settings')).rejects.toThrow('refused');
  });

  it('does not treat other 403 codes as terms', async () => {
    const handler = vi.fn(async () => {});
    setTermsHandler(handler);
    stubNetwork(() => wireError(403, 'permission_denied'));
    await expect(http.get('/rh')).rejects.toMatchObject({ code: 'permission_denied' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('the function returned by setTermsHandler removes that handler only', async () => {
    const first = vi.fn(async () => {});
    const removeFirst = setTermsHandler(first);
    const second = vi.fn(async () => {});
    setTermsHandler(second);
    removeFirst();
    stubNetwork(() => wireError(403, 'terms_not_accepted'));
    await http.get('/x').catch(() => {});
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  it('posts the refresh token and clears the tokens', async () => {
    const calls = stubNetwork(() => json(200, {}));
    await logout();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/logout',
      method: 'POST',
      body: { refresh: 'old-refresh' },
    });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('clears the tokens and does not throw when the server call fails', async () => {
    stubNetwork(() => wireError(500, 'error'));
    await expect(logout()).resolves.toBeUndefined();
    expect(getAccessToken()).toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    setTokens({ access: 'a', refresh: 'r' });
    await expect(logout()).resolves.toBeUndefined();
    expect(getRefreshToken()).toBeNull();
  });

  it('never refreshes nor reports an expired session', async () => {
    const expired = vi.fn();
    cleanups.push(onSessionExpired(expired));
    const calls = stubNetwork(() => wireError(401, 'token_not_valid'));
    await logout();
    expect(calls).toHaveLength(1);
    expect(expired).not.toHaveBeenCalled();
  });
});
