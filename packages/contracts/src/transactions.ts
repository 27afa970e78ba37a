import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { TRANSACTION_TYPES } from './transaction-labels.ts';
import { ZMoney } from './wire.ts';

export * from './transaction-labels.ts';

/**
 * GET /transactions/ (limit, employee, type_in; plus offset, month, year): an employee's (or, for
 * HR, the company's) advances, top-ups and bills in one list, newest first. Transfers are a
 * history tab with no source yet; the type exists so the tab filters the same call.
 * `id` is the id within its type (advance 12, recharge 12), so clients key on `${type}-${id}`.
 * `amount` is what was drawn from the balance (advance amount, the top-up's discounted amount, or
 * the part of the bill paid);
 * `fees` the advance fee.
 * `expense_settlement` (issue 15): the settlement of an accepted expense report, `amount` the
 * balance's size; status `owed` (deducted from the salary), or its payout's status when paid to the
 * employee.
 */
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
