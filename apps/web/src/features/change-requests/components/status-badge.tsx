import { CHANGE_REQUEST_STATUS_LABELS, type ChangeRequestStatus } from '@tasbiq/contracts/change-requests';
import { cx } from '../../../lib/cx.ts';

const styles: Record<ChangeRequestStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
};

export function StatusBadge({ status }: { status: ChangeRequestStatus }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        styles[status],
      )}
    >
      {CHANGE_REQUEST_STATUS_LABELS[status]}
    </span>
  );
}
