import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';
import { identitiesQueryKey } from './get-identities.ts';

/** DELETE /company/identities/{id}/: only an unused identity (else 400 IDENTITY_USED). */
export function deleteIdentity(id: number): Promise<void> {
  return http.delete(`/company/identities/${id}/`);
}

export function useDeleteIdentityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesQueryKey }),
  });
}
