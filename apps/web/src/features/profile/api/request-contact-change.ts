import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/client.ts';

export type ContactKind = 'phone' | 'email';

/**
 * POST /auth/change_phone {phone} or /auth/change_email {email}: a code goes to the NEW address and
 * the answer is the flow token to send back with it.
 */
export function requestContactChange({
  kind,
  value,
}: {
  kind: ContactKind;
  value: string;
}): Promise<{ token: string }> {
  const body = kind === 'phone' ? { phone: value } : { email: value };
  return http.post<{ token: string }>(`/auth/change_${kind}`, body);
}

export function useRequestContactChangeMutation() {
  return useMutation({ mutationFn: requestContactChange });
}
