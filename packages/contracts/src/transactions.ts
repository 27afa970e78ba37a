import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { ZMoney } from './wire.ts';

/**
 * GET /transactions/ (limit, employee, type_in; plus offset, month, year): an employee's (or, for
 * HR, the company's) advances and top-ups in one list, newest first. Bills and transfers are
 * history tabs with no source yet; the types exist so the tabs filter the same call.
 * `id` is the id within its type (advance 12, recharge 12), so clients key on `${type}-${id}`.
 * `amount` is what was drawn from the balance (advance amount, or the top-up's discounted amount);
 * `fees` the advance fee.
 */
export const TRANSACTION_TYPES = ['advance', 'recharge', 'bill', 'transfer'] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_TYPE_LABELS_FR: Record<TTransactionType, string> = {
  advance: 'Avance sur salaire',
  recharge: 'Recharge téléphonique',
  bill: 'Facture',
  transfer: 'Transfert',
};

export const ZTransaction = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  employee: ZEmployeeRef,
  title: z.string(),
  amount: ZMoney,
  fees: ZMoney,
  status: z.string(),
  created: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;
