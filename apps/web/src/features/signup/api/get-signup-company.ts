import { useQuery } from '@tanstack/react-query';
import type { TSignupCompanyResponse } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';

export const signupCompanyQueryKey = (token: string) => ['signup', 'company', token] as const;

/** GET /signup/{token}: public; 404 INVALID_TOKEN for a dead link. */
export function getSignupCompany(token: string): Promise<TSignupCompanyResponse> {
  return http.get<TSignupCompanyResponse>(`/signup/${encodeURIComponent(token)}`, { auth: false });
}

/** A dead link stays dead: no retry. */
export function useSignupCompanyQuery(token: string) {
  return useQuery({
    queryKey: signupCompanyQueryKey(token),
    queryFn: () => getSignupCompany(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
