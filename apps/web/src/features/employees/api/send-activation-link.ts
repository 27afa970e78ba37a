import { useMutation } from '@tanstack/react-query';
import type { TSendLinkRequest, TSendLinkResponse } from '@tasbiq/contracts/employees';
import { http } from '../../../lib/http/client.ts';

export function sendActivationLink(id: number, body: TSendLinkRequest): Promise<TSendLinkResponse> {
  return http.post<TSendLinkResponse>(`/employees/${id}/send_activation_link/`, body);
}

/** Sends a new activation link to an invited employee (the previous one stops working). */
export function useSendActivationLinkMutation(id: number) {
  return useMutation({ mutationFn: (body: TSendLinkRequest) => sendActivationLink(id, body) });
}
