import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMyPayslip } from '@tasbiq/contracts/payslips';
import { http } from '../../../lib/http/client.ts';
import { payslipsQueryKey } from './list-payslips.ts';

/** GET /fiches/{id}/confirm (spec §7): the employee says they received the slip. */
export function confirmReceipt(id: number) {
  return http.get<TMyPayslip>(`/fiches/${id}/confirm`);
}

export function useConfirmReceiptMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmReceipt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...payslipsQueryKey, 'mine'] }),
  });
}
