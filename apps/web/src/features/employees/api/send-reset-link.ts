import { useMutation } from '@tanstack/react-query';
import type { TSendLinkRequest, TSendLinkResponse } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';

export function sendResetLink(id: number, body: TSendLinkRequest): Promise<TSendLinkResponse> {
  return http.post<TSendLinkResponse>(`/employees/${id}/reset_password/`, body);
}

/** Sends a password reset link to an activated employee. */
export function useSendResetLinkMutation(id: number) {
  return useMutation({ mutationFn: (body: TSendLinkRequest) => sendResetLink(id, body) });
}
