import type { TTransfer } from '@tasbiq/contracts/transfers';
import { cx } from '../../../lib/cx.ts';
import { formatDateTimeWithMonthName } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { TransferStatusBadge } from '../../shared/components/transfer-status-badge.tsx';
import { revealedItemClass, useRevealedItem } from '../../shared/use-revealed-item.ts';

/** One transfer: the recipient and their number, the amount and the fee, when, and its status. */
export function TransferItem({ transfer, isLinked = false }: { transfer: TTransfer; isLinked?: boolean }) {
  const ref = useRevealedItem<HTMLLIElement>(isLinked);
  const amount = formatMoney(transfer.amount);
  const date = formatDateTimeWithMonthName(transfer.created);
  return (
    <li
      ref={ref}
      aria-label={`Transfert de ${amount} à ${transfer.recipient_name} du ${date}`}
      aria-current={isLinked ? 'true' : undefined}
      tabIndex={isLinked ? -1 : undefined}
      className={cx('flex items-start justify-between gap-3 py-3', isLinked && revealedItemClass)}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium text-gray-900">Transfert à {transfer.recipient_name}</p>
        <p className="text-sm text-gray-600">
          {transfer.recipient_phone} · Frais : {formatMoney(transfer.fees)}
        </p>
        <p className="text-xs text-gray-500">
          <time dateTime={transfer.created}>{date}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="font-semibold text-gray-900 tabular-nums">{amount}</p>
        <TransferStatusBadge status={transfer.status} className="shrink-0" />
      </div>
    </li>
  );
}
