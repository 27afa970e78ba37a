import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePasswordRequest, TDetailResponse } from '@tasbiq/contracts/auth';
import { http } from '../../../lib/http/client.ts';
import { accountQueryKey } from '../../session/api/get-account.ts';

export function changePassword(body: TChangePasswordRequest): Promise<TDetailResponse> {
  return http.post<TDetailResponse>('/auth/change-password', body);
}

/** The account's has_changed_password turns true: refresh it so the form asks for the old one next time. */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
