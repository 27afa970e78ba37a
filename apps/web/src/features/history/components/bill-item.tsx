import type { TBill } from '@tasbiq/contracts/bills';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/cx.ts';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatDateTimeWithMonthName } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { TransactionStatusBadge } from '../../shared/components/transaction-status-badge.tsx';
import { revealedItemClass, useRevealedItem } from '../../shared/use-revealed-item.ts';

/**
 * One bill: biller and reference, what was paid, when, its status, why it failed, and its
 * receipt once the biller confirmed. `isLinked`: the one a notification's link opened.
 */
export function BillItem({
  bill,
  isLinked = false,
  onDownload,
  downloadError,
  isDownloading = false,
}: {
  bill: TBill;
  isLinked?: boolean;
  onDownload: (bill: TBill) => void;
  downloadError?: unknown;
  isDownloading?: boolean;
}) {
  const ref = useRevealedItem<HTMLLIElement>(isLinked);
  const amount = formatMoney(bill.amount);
  const date = formatDateTimeWithMonthName(bill.created);
  return (
    <li
      ref={ref}
      aria-label={`Facture ${bill.biller_name} de ${amount} du ${date}`}
      aria-current={isLinked ? 'true' : undefined}
      tabIndex={isLinked ? -1 : undefined}
      className={cx('flex items-start justify-between gap-3 py-3', isLinked && revealedItemClass)}
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-medium text-gray-900">Facture {bill.biller_name}</p>
        <p className="text-sm text-gray-600">
          Réf. {bill.reference}
          {bill.amount !== bill.amount_due ? ` · Montant dû : ${formatMoney(bill.amount_due)}` : ''}
        </p>
        <p className="text-xs text-gray-500">
          <time dateTime={bill.created}>{date}</time>
        </p>
        {bill.status === 'failed' && bill.failure_reason ? (
          <p className="text-sm text-red-700">{bill.failure_reason} — montant restitué.</p>
        ) : null}
        {bill.status === 'executed' ? (
          <div className="mt-1">
            <Button
              type="button"
              size="sm"
              variant="secondary"
              label="Télécharger le reçu"
              loading={isDownloading}
              onClick={() => onDownload(bill)}
            />
            {downloadError ? (
              <p className="mt-1 text-sm text-red-700">{errorMessage(downloadError)}</p>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className="font-semibold text-gray-900 tabular-nums">{amount}</p>
        <TransactionStatusBadge status={bill.status} className="shrink-0" />
      </div>
    </li>
  );
}
