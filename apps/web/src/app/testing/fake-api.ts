import type { TErrorBody } from '@tasbiq/contracts/wire';
import { vi } from 'vitest';

/**
 * A stand-in for the API at the `fetch` boundary: tests describe answers per "METHOD /path"
 * (without /api, trailing slash optional) and read back what the app sent. Our own modules
 * (HTTP client, token store…) run for real.
 */
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};
export type FakeResponse = { status?: number; body?: unknown };
export type FakeHandler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\/+$/, '') || '/'}`;
}

export function apiError(
  status: number,
  code: string,
  { attr = null, type }: { attr?: string | null; type?: TErrorBody['type'] } = {},
): FakeResponse {
  const errorType = type ?? (status >= 500 ? 'server_error' : 'client_error');
  return { status, body: { type: errorType, errors: [{ code, detail: code, attr }] } satisfies TErrorBody };
}

export function validationError(errors: Array<{ attr: string; code: string }>): FakeResponse {
  return {
    status: 400,
    body: {
      type: 'validation_error',
      errors: errors.map(({ attr, code }) => ({ attr, code, detail: code })),
    } satisfies TErrorBody,
  };
}

/** Answers in turn; the last one repeats. */
export function sequence(...responses: FakeHandler[]): FakeHandler {
  let index = 0;
  return (request) => {
    const next = responses[Math.min(index, responses.length - 1)];
    index += 1;
    if (next === undefined) return { status: 200 };
    return typeof next === 'function' ? next(request) : next;
  };
}

async function readBody(body: BodyInit | null | undefined): Promise<unknown> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

export function installFakeApi(initial: Record<string, FakeHandler> = {}) {
  const handlers = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const api = {
    requests,
    /** Sets (or replaces) the answer of "METHOD /path". */
    on(key: string, handler: FakeHandler) {
      const [method = 'GET', path = '/'] = key.split(' ');
      handlers.set(routeKey(method, path), handler);
      return api;
    },
    /** Requests the app sent to "METHOD /path". */
    requestsTo(key: string): FakeRequest[] {
      const [method = 'GET', path = '/'] = key.split(' ');
      const wanted = routeKey(method, path);
      return requests.filter((request) => routeKey(request.method, request.path) === wanted);
    },
  };
  for (const [key, handler] of Object.entries(initial)) api.on(key, handler);

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const path = url.pathname.replace(/^\/api/, '');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: await readBody(init.body),
    };
    requests.push(request);
    const handler = handlers.get(routeKey(request.method, path));
    const answer: FakeResponse = !handler
      ? apiError(404, 'not_found')
      : typeof handler === 'function'
        ? await handler(request)
        : handler;
    const status = answer.status ?? 200;
    const hasBody = answer.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status,
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return api;
}

export type FakeApi = ReturnType<typeof installFakeApi>;
