import { useMutation } from '@tanstack/react-query';
import type { TDetailResponse } from '@tasbiq/contracts/auth';
import type { TActivationConfirmRequest } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';

export function confirmActivation(body: TActivationConfirmRequest): Promise<TDetailResponse> {
  return http.post<TDetailResponse>('/auth/activation/confirm', body, { auth: false });
}

export function useConfirmActivationMutation() {
  return useMutation({ mutationFn: confirmActivation });
}
