import { useQuery } from '@tanstack/react-query';
import type { TTransferRecipient } from '@tasbiq/contracts/transfers';
import { http } from '../../../lib/http/client.ts';

export const recipientsQueryKey = ['transfers', 'recipients'] as const;

/** GET /transfers/recipients: the caller's saved recipients, by name. */
export function listRecipients(): Promise<TTransferRecipient[]> {
  return http.get<TTransferRecipient[]>('/transfers/recipients/');
}

export function useRecipientsQuery() {
  return useQuery({ queryKey: recipientsQueryKey, queryFn: listRecipients });
}
