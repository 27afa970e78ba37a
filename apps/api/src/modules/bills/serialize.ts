import { findBiller, type TBill } from '@tasbiq/contracts/bills';
import type { bills } from '../../db/schema/bills.ts';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import { type EmployeeRefRow, serializeEmployeeRef } from '../recharges/serialize.ts';

export type BillRecord = typeof bills.$inferSelect;

export const billerName = (biller: string) => findBiller(biller)?.name ?? biller;

export function serializeBill(row: BillRecord, employee: EmployeeRefRow): TBill {
  return {
    id: row.id,
    employee: serializeEmployeeRef(employee),
    biller: row.biller,
    biller_name: billerName(row.biller),
    reference: row.reference,
    holder: row.holder,
    due_date: row.dueDate,
    amount_due: centimesToWire(row.amountDueCentimes),
    amount: centimesToWire(row.amountCentimes),
    status: row.status,
    created: toWireDateTime(row.createdAt),
    executed: toWireDateTimeOrNull(row.executedAt),
    failed: toWireDateTimeOrNull(row.failedAt),
    failure_reason: row.failureReason,
    receipt_number: row.status === 'executed' ? row.providerReference : null,
  };
}
