import { TRANSFER_NETWORK_NAME, type TTransfer, type TTransferRecipient } from '@tasbiq/contracts/transfers';
import type { transferRecipients } from '../../db/schema/transfers.ts';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import { type EmployeeRefRow, serializeEmployeeRef } from '../recharges/serialize.ts';
import type { TransferRecord } from './ledger-postings.ts';

export function serializeTransfer(row: TransferRecord, employee: EmployeeRefRow): TTransfer {
  return {
    id: row.id,
    employee: serializeEmployeeRef(employee),
    recipient_name: row.recipientName,
    recipient_phone: row.recipientPhone,
    amount: centimesToWire(row.amountCentimes),
    fees: centimesToWire(row.feeCentimes),
    status: row.status,
    network: TRANSFER_NETWORK_NAME,
    created: toWireDateTime(row.createdAt),
    sent: toWireDateTimeOrNull(row.sentAt),
    expires: toWireDateTimeOrNull(row.expiresAt),
    collected: toWireDateTimeOrNull(row.collectedAt),
    canceled: toWireDateTimeOrNull(row.canceledAt),
    refunded: toWireDateTimeOrNull(row.refundedAt),
    failure_reason: row.failureReason,
  };
}

export function serializeRecipient(row: typeof transferRecipients.$inferSelect): TTransferRecipient {
  return { id: row.id, name: row.name, phone: row.phone, created: toWireDateTime(row.createdAt) };
}
