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
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
