import type { TBillerId, TBillLookup } from '@tasbiq/contracts/bills';
import { AppError, fieldError } from '../../lib/errors.ts';
import { centimesToWire } from '../../lib/money.ts';
import type { BillPaymentProvider } from '../../providers/bill-payment/bill-payment-provider.ts';

export type FoundBill = {
  biller: TBillerId;
  reference: string;
  holder: string;
  amountDueCentimes: bigint;
  dueDate: string;
  partial: boolean;
};

/**
 * Asks the bill-payment platform for a bill. Unknown reference and bill already paid are field
 * errors on `reference`; a biller that does not answer is 503 BILLER_UNAVAILABLE (as the card
 * issuer's outage, decision 032), to be tried again later.
 */
export async function lookupBill(
  provider: BillPaymentProvider,
  request: { biller: TBillerId; reference: string },
  at: Date = new Date(),
): Promise<FoundBill> {
  let answer: Awaited<ReturnType<BillPaymentProvider['lookup']>>;
  try {
    answer = await provider.lookup({ ...request, at });
  } catch {
    throw new AppError('BILLER_UNAVAILABLE', { status: 503, headers: { 'retry-after': '60' } });
  }
  if (answer.status === 'not_found') throw fieldError('reference', 'BILL_NOT_FOUND');
  if (answer.status === 'already_paid') throw fieldError('reference', 'BILL_ALREADY_PAID');
  return {
    biller: request.biller,
    reference: request.reference,
    holder: answer.holder,
    amountDueCentimes: answer.amountDueCentimes,
    dueDate: answer.dueDate,
    partial: answer.partial,
  };
}

export function serializeLookup(bill: FoundBill): TBillLookup {
  return {
    biller: bill.biller,
    reference: bill.reference,
    holder: bill.holder,
    amount_due: centimesToWire(bill.amountDueCentimes),
    due_date: bill.dueDate,
    partial: bill.partial,
  };
}
