import { useMutation } from '@tanstack/react-query';
import type { TBulkSendResponse } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';
import type { ContactChannel } from './parse-contacts.ts';

/** POST …/bulk_send_signup_email/ {emails} or bulk_send_signup_sms/ {phones}. */
export function sendInvitations({ channel, recipients }: { channel: ContactChannel; recipients: string[] }) {
  return channel === 'email'
    ? http.post<TBulkSendResponse>('/company/signup_invitation/bulk_send_signup_email/', {
        emails: recipients,
      })
    : http.post<TBulkSendResponse>('/company/signup_invitation/bulk_send_signup_sms/', {
        phones: recipients,
      });
}

export function useSendInvitationsMutation() {
  return useMutation({ mutationFn: sendInvitations });
}
