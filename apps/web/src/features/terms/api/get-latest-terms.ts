import { useQuery } from '@tanstack/react-query';
import type { TTerms } from '@tasbiq/contracts/terms';
import { http } from '../../../lib/http/client.ts';

export const latestTermsQueryKey = ['terms', 'latest'] as const;

export function getLatestTerms(): Promise<TTerms> {
  return http.get<TTerms>('/terms/latest');
}

export function useLatestTermsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: latestTermsQueryKey, queryFn: getLatestTerms, enabled, staleTime: 5 * 60_000 });
}
