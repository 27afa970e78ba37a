import { useMutation } from '@tanstack/react-query';
import type { TReceiptReading } from '@tasbiq/contracts/expenses';
import { http } from '../../../lib/http/client.ts';

/** POST /expenses/receipts/scan/ (multipart `receipt`): what the receipt says, read offline; stores nothing. */
export function scanReceipt(receipt: File) {
  const form = new FormData();
  form.append('receipt', receipt, receipt.name);
  return http.post<TReceiptReading>('/expenses/receipts/scan/', form);
}

export function useScanReceiptMutation() {
  return useMutation({ mutationFn: scanReceipt });
}
