import type { TAccount } from '@tasbiq/contracts/auth';
import type { TSettings } from '@tasbiq/contracts/settings';
import type { TTerms } from '@tasbiq/contracts/terms';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { setTokens } from '../../lib/http/token-store.ts';
import { AppProviders } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';
import { routes } from '../routes.tsx';
import { type FakeApi, type FakeHandler, installFakeApi } from './fake-api.ts';
import { makeAccount, makeSettings, makeTerms } from './fixtures.ts';

export type SessionOptions = {
  account?: Partial<TAccount>;
  settings?: Partial<TSettings>;
  terms?: Partial<TTerms>;
};

/** The calls every logged-in page makes, answered for a typical employee unless told otherwise. */
export function sessionHandlers(options: SessionOptions = {}): Record<string, FakeHandler> {
  return {
    'GET /auth/account': { body: makeAccount(options.account) },
    'GET /settings': { body: makeSettings(options.settings) },
    'GET /terms/latest': { body: makeTerms(options.terms) },
    'GET /announcements/published': { body: { count: 0, next: null, previous: null, results: [] } },
  };
}

/** A stored token pair: the visitor is logged in before the app starts. */
export function signIn() {
  setTokens({ access: 'access-token', refresh: 'refresh-token' });
}

type RenderAppOptions = { api?: FakeApi; handlers?: Record<string, FakeHandler> };

/** The real route tree and providers in a memory router at `path`, against a fake API. */
export function renderApp(path: string, { api, handlers = {} }: RenderAppOptions = {}) {
  const fakeApi = api ?? installFakeApi();
  for (const [key, handler] of Object.entries(handlers)) fakeApi.on(key, handler);
  // jsdom does not scroll; the spy also lets tests see the scroll reset.
  const scrollTo = vi.fn();
  Object.defineProperty(window, 'scrollTo', { value: scrollTo, writable: true, configurable: true });

  // The app's own client (its network mode is part of what screens do offline), minus retries and
  // garbage collection, which would only slow tests down.
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    queries: { ...defaults.queries, retry: false, gcTime: Number.POSITIVE_INFINITY },
    mutations: { ...defaults.mutations, retry: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    api: fakeApi,
    router,
    user,
    queryClient,
    scrollTo,
    pathname: () => router.state.location.pathname,
  };
}
