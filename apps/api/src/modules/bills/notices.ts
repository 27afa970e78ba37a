import type { TNotificationParameters } from '@tasbiq/contracts/notifications';
import { centimesToWire } from '../../lib/money.ts';
import { type BillRecord, billerName } from './serialize.ts';

export type BillEvent = 'bill_paid' | 'bill_failed';

/**
 * The employee's notification of a bill's outcome (decision 019): the biller, the amount paid,
 * the reference and why it failed. Its target is the bill, opened highlighted in the « Factures »
 * history tab (`bill_id` stays in the parameters). Spread it into `notify`.
 */
export function billNotice<E extends BillEvent>(event: E, bill: BillRecord) {
  const parameters: TNotificationParameters = {
    amount: centimesToWire(bill.amountCentimes),
    biller: billerName(bill.biller),
    reference: bill.reference,
    bill_id: bill.id,
  };
  if (event === 'bill_failed') parameters.reason = bill.failureReason;
  return { event, parameters, target: { type: 'bill' as const, id: bill.id } };
}
