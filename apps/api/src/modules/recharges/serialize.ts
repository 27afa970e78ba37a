import type { TEmployeeRef } from '@tasbiq/contracts/advances';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import type { recharges } from '../../db/schema/money.ts';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';

export type RechargeRecord = typeof recharges.$inferSelect;
export type EmployeeRefRow = {
  employeeId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
};

export function serializeEmployeeRef(row: EmployeeRefRow): TEmployeeRef {
  return { id: row.employeeId, first_name: row.firstName, last_name: row.lastName, serial: row.serial };
}

export function serializeRecharge(row: RechargeRecord, employee: EmployeeRefRow): TRecharge {
  return {
    id: row.id,
    employee: serializeEmployeeRef(employee),
    phone: row.phone,
    operator: row.operator,
    product: row.product,
    amount: centimesToWire(row.amountCentimes),
    discounted_amount: centimesToWire(row.discountedAmountCentimes),
    status: row.status,
    created: toWireDateTime(row.createdAt),
    executed: toWireDateTimeOrNull(row.executedAt),
    failed: toWireDateTimeOrNull(row.failedAt),
    failure_reason: row.failureReason,
  };
}
