import type { TNotificationParameters } from '@tasbiq/contracts/notifications';
import { centimesToWire } from '../../lib/money.ts';
import type { TransferRecord } from './ledger-postings.ts';

export type TransferEvent = 'transfer_sent' | 'transfer_collected' | 'transfer_failed' | 'transfer_expired';

/**
 * The sender's notification of a transfer's step: amount (with the fee when refunded), the
 * recipient and, for a refusal, why. Its target is the transfer, opened highlighted in the
 * « Transferts » history tab (`transfer_id` stays in the parameters).
 */
export function transferNotice<E extends TransferEvent>(event: E, transfer: TransferRecord) {
  const refunded = event === 'transfer_failed' || event === 'transfer_expired';
  const parameters: TNotificationParameters = {
    amount: centimesToWire(
      refunded ? transfer.amountCentimes + transfer.feeCentimes : transfer.amountCentimes,
    ),
    recipient: transfer.recipientName,
    phone: transfer.recipientPhone,
    transfer_id: transfer.id,
  };
  if (event === 'transfer_failed') parameters.reason = transfer.failureReason;
  return { event, parameters, target: { type: 'transfer' as const, id: transfer.id } };
}
