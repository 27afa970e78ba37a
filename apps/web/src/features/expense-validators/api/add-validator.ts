import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateExpenseValidatorRequest, TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { http } from '../../../lib/http/client.ts';
import { validatorsQueryKey } from './get-validators.ts';

/** POST /expenses/validators/ {employee}; EXPENSE_VALIDATOR_DEFINED when already one. */
export function addValidator(body: TCreateExpenseValidatorRequest): Promise<TExpenseValidator> {
  return http.post<TExpenseValidator>('/expenses/validators/', body);
}

/** The policy's history lists validator changes too. */
export function useAddValidatorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addValidator,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: validatorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['expense-policy'] }),
      ]),
  });
}
