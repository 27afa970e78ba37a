import {
  type TAdvanceStatus,
  TRANSACTION_STATUS_LABELS_FR,
  type TRechargeStatus,
} from '@tasbiq/contracts/money';
import { cx } from '../../../lib/cx.ts';

type Status = TAdvanceStatus | TRechargeStatus;

const styles: Record<Status, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-sky-50 text-sky-800 ring-sky-200',
  executed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  canceled: 'bg-gray-100 text-gray-700 ring-gray-300',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

export function StatusBadge({ status }: { status: Status }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        styles[status],
      )}
    >
      {TRANSACTION_STATUS_LABELS_FR[status]}
    </span>
  );
}
