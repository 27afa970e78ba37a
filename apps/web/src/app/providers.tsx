import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { GlobalModalProvider } from '../components/ui/global-modal.tsx';
import { onSessionExpired } from '../lib/http/client.ts';
import { subscribeTokens } from '../lib/http/token-store.ts';

/**
 * Cached answers belong to the user who asked: once the tokens are gone (logout here or in another
 * tab, refused refresh) nothing of theirs may show to the next one.
 */
function useForgetDataOnLogout(queryClient: QueryClient) {
  useEffect(() => {
    const forget = () => queryClient.clear();
    const stopExpired = onSessionExpired(forget);
    const stopTokens = subscribeTokens((tokens) => {
      if (tokens === null) forget();
    });
    return () => {
      stopExpired();
      stopTokens();
    };
  }, [queryClient]);
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useForgetDataOnLogout(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <GlobalModalProvider>{children}</GlobalModalProvider>
    </QueryClientProvider>
  );
}
