import type { TNotificationTarget } from '@tasbiq/contracts/notifications';
import { casablancaWallTime } from '../../lib/dates/casablanca-clock.ts';

/** The history screen's parameter naming the movement to show (`/historique?…&item=12`). */
export const HISTORY_ITEM_PARAM = 'item';

const TAB_OF: Record<TNotificationTarget['type'], 'advances' | 'recharges'> = {
  advance: 'advances',
  recharge: 'recharges',
};

/**
 * The history screen's address for one advance or top-up: its tab, the Casablanca month it was
 * created in (the month the history lists it under, read from the API's own datetime) and the
 * item, which the screen highlights and scrolls to (features/history).
 */
export function historyItemHref(movement: Pick<TNotificationTarget, 'type' | 'id' | 'created'>): string {
  const params = new URLSearchParams({ tab: TAB_OF[movement.type] });
  const wall = casablancaWallTime(movement.created);
  if (wall) {
    params.set('month', String(wall.month));
    params.set('year', String(wall.year));
  }
  params.set(HISTORY_ITEM_PARAM, String(movement.id));
  return `/historique?${params.toString()}`;
}
