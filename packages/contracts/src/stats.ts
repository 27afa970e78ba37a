import { z } from 'zod';
import { ZMoney } from './wire.ts';

/**
 * GET /stats/rh: the HR dashboard's key figures for the current Casablanca month.
 * Counts and sums leave out canceled, rejected and failed items.
 */
export const ZHrStats = z.object({
  month: z.number().int(),
  year: z.number().int(),
  wallet_balance: ZMoney,
  active_employees: z.number().int(),
  employees_with_advance: z.number().int(),
  advances_count: z.number().int(),
  advances_amount: ZMoney,
  fees_amount: ZMoney,
  recharges_count: z.number().int(),
  recharges_amount: ZMoney,
  /** Bills paid this month (issue 16), failed ones left out. */
  bills_count: z.number().int(),
  bills_amount: ZMoney,
  /** Transfers of the month not refunded (issue 16): amount + fee. */
  transfers_count: z.number().int(),
  transfers_amount: ZMoney,
  pending_advances: z.number().int(),
});
export type THrStats = z.infer<typeof ZHrStats>;
