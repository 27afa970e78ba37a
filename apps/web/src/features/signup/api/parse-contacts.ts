import { useMutation } from '@tanstack/react-query';
import type { TParseContactsResponse } from '@tasbiq/contracts/signup';
import { http } from '../../../lib/http/client.ts';

export type ContactChannel = 'email' | 'sms';

const PATHS: Record<ContactChannel, string> = {
  email: '/company/signup_invitation/parse_emails/',
  sms: '/company/signup_invitation/parse_phones/',
};

/** POST …/parse_emails/ or parse_phones/: what would be sent, and what would not and why. */
export function parseContacts({ channel, text }: { channel: ContactChannel; text: string }) {
  return http.post<TParseContactsResponse>(PATHS[channel], { text });
}

export function useParseContactsMutation() {
  return useMutation({ mutationFn: parseContacts });
}
