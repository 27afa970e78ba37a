import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIdentityBulkRequest, TIdentityBulkResponse } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';
import { identitiesQueryKey } from './get-identities.ts';

/** POST /company/identities/bulk/: all or nothing. */
export function createIdentities(body: TIdentityBulkRequest): Promise<TIdentityBulkResponse> {
  return http.post<TIdentityBulkResponse>('/company/identities/bulk/', body);
}

export function useCreateIdentitiesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIdentities,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesQueryKey }),
  });
}
