import type { TNotificationParameters } from '@tasbiq/contracts/notifications';
import type { advances } from '../../db/schema/money.ts';
import { centimesToWire } from '../../lib/money.ts';

type AdvanceRow = typeof advances.$inferSelect;
export type AdvanceEvent = 'advance_created' | 'advance_executed' | 'advance_failed' | 'advance_canceled';

/**
 * What the employee's notification of an advance event holds (decision 019): the template's
 * parameters (amount, and the payout method or the reason) and its target, the advance itself.
 * The app's writers (creation, cancellation, payout) and the demo seed all build it here, so a
 * demo notification is one the app would have written. Spread it into `notify`.
 */
export function advanceNotice<E extends AdvanceEvent>(event: E, advance: AdvanceRow) {
  const detail: TNotificationParameters =
    event === 'advance_executed'
      ? { payout_method: advance.payoutMethod }
      : event === 'advance_failed'
        ? { reason: advance.failureReason }
        : event === 'advance_canceled'
          ? { reason: advance.cancelReason }
          : {};
  return {
    event,
    parameters: { amount: centimesToWire(advance.amountCentimes), ...detail, advance_id: advance.id },
    target: { type: 'advance' as const, id: advance.id },
  };
}
