import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSignupIdentity } from '@tasbiq/contracts/signup';
import type { TPaginated } from '@tasbiq/contracts/wire';
import { http } from '../../../lib/http/client.ts';

export type IdentityListParams = {
  search?: string;
  isUsed?: boolean;
  limit: number;
  offset: number;
};

export const identitiesQueryKey = ['company', 'identities'] as const;

/** GET /company/identities: newest first, searched by matricule, filtered on the used flag. */
export function getIdentities(params: IdentityListParams): Promise<TPaginated<TSignupIdentity>> {
  return http.get<TPaginated<TSignupIdentity>>('/company/identities', {
    params: {
      search: params.search?.trim() || undefined,
      is_used: params.isUsed,
      limit: params.limit,
      offset: params.offset,
    },
  });
}

/** The previous page stays on screen while the next one loads. */
export function useIdentitiesQuery(params: IdentityListParams) {
  return useQuery({
    queryKey: [...identitiesQueryKey, params],
    queryFn: () => getIdentities(params),
    placeholderData: keepPreviousData,
  });
}
