import { TELECOM_OPERATOR_LABELS } from '@tasbiq/contracts/money';
import type { TRecharge } from '@tasbiq/contracts/recharges';
import { cx } from '../../../lib/cx.ts';
import { formatDateTimeWithMonthName } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { TransactionStatusBadge } from '../../shared/components/transaction-status-badge.tsx';
import { revealedItemClass, useRevealedItem } from '../../shared/use-revealed-item.ts';

/**
 * One top-up: operator and number, the credit and what was paid, when, and its status.
 * `isLinked`: the one a notification's link opened (highlighted, scrolled to, focused).
 */
export function RechargeItem({ recharge, isLinked = false }: { recharge: TRecharge; isLinked?: boolean }) {
  const ref = useRevealedItem<HTMLLIElement>(isLinked);
  const amount = formatMoney(recharge.amount);
  const date = formatDateTimeWithMonthName(recharge.created);
  return (
    <li
      ref={ref}
      aria-label={`Recharge de ${amount} du ${date}`}
      aria-current={isLinked ? 'true' : undefined}
      tabIndex={isLinked ? -1 : undefined}
      className={cx('flex items-start justify-between gap-3 py-3', isLinked && revealedItemClass)}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium text-gray-900">Recharge {TELECOM_OPERATOR_LABELS[recharge.operator]}</p>
        <p className="text-sm text-gray-600">
          {recharge.phone} · Payé : {formatMoney(recharge.discounted_amount)}
        </p>
        <p className="text-xs text-gray-500">
          <time dateTime={recharge.created}>{date}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="font-semibold text-gray-900 tabular-nums">{amount}</p>
        <TransactionStatusBadge status={recharge.status} className="shrink-0" />
      </div>
    </li>
  );
}
