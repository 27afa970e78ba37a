import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/http/api-error.ts';

/**
 * A 4xx will answer the same on a retry (and 401/terms are already handled by the HTTP client);
 * only network failures and 5xx are worth trying again.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // 'always': a request is sent now or fails now. TanStack's default ('online') pauses requests
      // while the browser says it is offline and replays them when it comes back: for a top-up or an
      // advance that means money moving behind the person's back, minutes later (issue 10).
      // A failure shows a French message and retrying stays the person's choice (same
      // Idempotency-Key); a list shows its error with "Réessayer" instead of loading for ever.
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
