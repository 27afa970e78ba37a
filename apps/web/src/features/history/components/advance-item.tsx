import type { TAdvance } from '@tasbiq/contracts/advances';
import { PAYOUT_METHOD_LABELS_FR } from '@tasbiq/contracts/money';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/cx.ts';
import { formatDateTimeWithMonthName } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { TransactionStatusBadge } from '../../shared/components/transaction-status-badge.tsx';
import { revealedItemClass, useRevealedItem } from '../../shared/use-revealed-item.ts';

/**
 * One advance: amount, fee, where it is paid, when, its status, and "Annuler" while pending.
 * `isLinked`: the one a notification's link opened (highlighted, scrolled to, focused).
 */
export function AdvanceItem({
  advance,
  onCancel,
  isLinked = false,
}: {
  advance: TAdvance;
  onCancel: (advance: TAdvance) => void;
  isLinked?: boolean;
}) {
  const ref = useRevealedItem<HTMLLIElement>(isLinked);
  const amount = formatMoney(advance.amount);
  const date = formatDateTimeWithMonthName(advance.created);
  const fee =
    advance.free || Number(advance.fees) === 0 ? 'Sans frais' : `Frais : ${formatMoney(advance.fees)}`;
  return (
    <li
      ref={ref}
      aria-label={`Avance de ${amount} du ${date}`}
      aria-current={isLinked ? 'true' : undefined}
      tabIndex={isLinked ? -1 : undefined}
      className={cx('flex flex-col gap-2 py-3', isLinked && revealedItemClass)}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="font-medium text-gray-900">Avance sur salaire</p>
          <p className="text-sm text-gray-600">
            {PAYOUT_METHOD_LABELS_FR[advance.payout_method]} · {fee}
          </p>
          <p className="text-xs text-gray-500">
            <time dateTime={advance.created}>{date}</time>
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="font-semibold text-gray-900 tabular-nums">{amount}</p>
          <TransactionStatusBadge status={advance.status} className="shrink-0" />
        </div>
      </div>
      {advance.status === 'canceled' && advance.cancel_reason ? (
        <p className="text-sm text-gray-600">Motif : {advance.cancel_reason}</p>
      ) : null}
      {advance.status === 'pending' ? (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            size="sm"
            label="Annuler"
            aria-label={`Annuler l’avance de ${amount} du ${date}`}
            onClick={() => onCancel(advance)}
          />
        </div>
      ) : null}
    </li>
  );
}
