import { TRANSACTION_STATUS_LABELS_FR } from '@tasbiq/contracts/money';
import { cx } from '../../../lib/cx.ts';

type Status = keyof typeof TRANSACTION_STATUS_LABELS_FR;

const styles: Record<Status, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-sky-50 text-sky-800 ring-sky-200',
  executed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  canceled: 'bg-gray-100 text-gray-700 ring-gray-300',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

function isKnown(status: string): status is Status {
  return Object.hasOwn(TRANSACTION_STATUS_LABELS_FR, status);
}

/** Spec §4 status of an advance or a top-up, as its French label (colour is never the only cue). */
export function TransactionStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        isKnown(status) ? styles[status] : 'bg-gray-100 text-gray-700 ring-gray-300',
        className,
      )}
    >
      {isKnown(status) ? TRANSACTION_STATUS_LABELS_FR[status] : status}
    </span>
  );
}
