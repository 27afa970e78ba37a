import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { getAccessToken } from '../lib/http/token-store.ts';
import { preloadMatchedScreens } from './lazy-screen.tsx';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    // The first page's screen downloads alongside the session calls, not after them, and with a
    // session its own calls start as soon as its code is here.
    preloadMatchedScreens(created.state.matches, getAccessToken() ? queryClient : undefined);
    return created;
  });
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
