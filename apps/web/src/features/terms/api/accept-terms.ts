import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTerms } from '@tasbiq/contracts/terms';
import { http } from '../../../lib/http/client.ts';
import { latestTermsQueryKey } from './get-latest-terms.ts';

export function acceptTerms(termsId: number): Promise<unknown> {
  return http.post<unknown>('/terms/', { terms: termsId });
}

/** POST /terms/; the cached latest terms then read as accepted, without another round trip. */
export function useAcceptTermsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (_data, termsId) => {
      queryClient.setQueryData<TTerms>(latestTermsQueryKey, (terms) =>
        terms && terms.id === termsId ? { ...terms, accepted: true } : terms,
      );
      void queryClient.invalidateQueries({ queryKey: latestTermsQueryKey });
    },
  });
}
