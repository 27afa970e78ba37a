import type { TNotificationParameters } from '@tasbiq/contracts/notifications';
import type { recharges } from '../../db/schema/money.ts';
import { centimesToWire } from '../../lib/money.ts';

type RechargeRow = typeof recharges.$inferSelect;
export type RechargeEvent = 'recharge_executed' | 'recharge_failed';

/**
 * What the employee's notification of a top-up's outcome holds (decision 019): the template's
 * parameters (credit, price, line, operator, and why it failed) and its target, the top-up
 * itself. Built here for the top-up job and the demo seed alike. Spread it into `notify`.
 */
export function rechargeNotice<E extends RechargeEvent>(event: E, recharge: RechargeRow) {
  const parameters: TNotificationParameters = {
    amount: centimesToWire(recharge.amountCentimes),
    discounted_amount: centimesToWire(recharge.discountedAmountCentimes),
    phone: recharge.phone,
    operator: recharge.operator,
    recharge_id: recharge.id,
  };
  if (event === 'recharge_failed') parameters.reason = recharge.failureReason;
  return { event, parameters, target: { type: 'recharge' as const, id: recharge.id } };
}
