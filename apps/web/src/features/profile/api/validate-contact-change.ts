import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDetailResponse } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';
import { accountQueryKey } from '../../session/api/get-account.ts';
import type { ContactKind } from './request-contact-change.ts';

export function validateContactChange({
  kind,
  token,
  otp,
}: {
  kind: ContactKind;
  token: string;
  otp: string;
}): Promise<TDetailResponse> {
  return http.post<TDetailResponse>(`/auth/change_${kind}/validate`, { token, otp });
}

/** The account now carries the new phone or e-mail. */
export function useValidateContactChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateContactChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
