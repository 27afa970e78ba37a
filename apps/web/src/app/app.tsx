import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { prefetchSession } from '../features/session/prefetch-session.ts';
import { getAccessToken } from '../lib/http/token-store.ts';
import { preloadMatchedScreens } from './lazy-screen.tsx';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    // The first page's screen downloads alongside the session calls, not after them; with a
    // session, the session calls and the page's own calls start now, all together.
    const hasSession = getAccessToken() !== null;
    if (hasSession) prefetchSession(queryClient);
    preloadMatchedScreens(created.state.matches, hasSession ? queryClient : undefined);
    return created;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
