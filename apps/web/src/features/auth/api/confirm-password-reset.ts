import { useMutation } from '@tanstack/react-query';
import type { TDetailResponse, ZPasswordResetConfirm } from '@tasbiq/contracts/auth';
import type { z } from 'zod';
import { http } from '../../../lib/http/client.ts';

export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

export function confirmPasswordReset(body: TPasswordResetConfirm): Promise<TDetailResponse> {
  return http.post<TDetailResponse>('/auth/password-reset/confirm', body, { auth: false });
}

export function useConfirmPasswordResetMutation() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
