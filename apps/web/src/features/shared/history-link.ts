import type { TNotificationTarget } from '@tasbiq/contracts/notifications';
import { casablancaWallTime } from '../../lib/dates/casablanca-clock.ts';

/** The history screen's parameter naming the movement to show (`/historique?…&item=12`). */
export const HISTORY_ITEM_PARAM = 'item';

type HistoryMovement = Pick<TNotificationTarget, 'id' | 'created'> & {
  type: 'advance' | 'recharge' | 'bill' | 'transfer';
};

const TAB_OF: Record<HistoryMovement['type'], 'advances' | 'recharges' | 'bills' | 'transfers'> = {
  advance: 'advances',
  recharge: 'recharges',
  bill: 'bills',
  transfer: 'transfers',
};

/**
 * The history screen's address for one advance, top-up, bill or transfer: its tab, the Casablanca month it was
 * created in (the month the history lists it under, read from the API's own datetime) and the
 * item, which the screen highlights and scrolls to (features/history).
 */
export function historyItemHref(movement: HistoryMovement): string {
  const params = new URLSearchParams({ tab: TAB_OF[movement.type] });
  const wall = casablancaWallTime(movement.created);
  if (wall) {
    params.set('month', String(wall.month));
    params.set('year', String(wall.year));
  }
  params.set(HISTORY_ITEM_PARAM, String(movement.id));
  return `/historique?${params.toString()}`;
}

/**
 * Where a notification's target opens: an advance, top-up, bill or transfer in the history, the employee's bonus
 * highlighted in /bonuses, a bonus HR wrote at /rh/bonuses/{id} (decision 038).
 */
export function notificationTargetHref(target: TNotificationTarget): string {
  switch (target.type) {
    case 'bonus_payment':
      return `/bonuses?${HISTORY_ITEM_PARAM}=${target.id}`;
    case 'bonus':
      return `/rh/bonuses/${target.id}`;
    default:
      return historyItemHref({ ...target, type: target.type });
  }
}
