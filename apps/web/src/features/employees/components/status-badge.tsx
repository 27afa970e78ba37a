import { EMPLOYEE_STATUS_LABELS_FR, type EmployeeStatus } from '@tasbiq/contracts/employees';
import { cx } from '../../../lib/cx.ts';

const styles: Record<EmployeeStatus, string> = {
  activated: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  invited: 'bg-amber-50 text-amber-800 ring-amber-200',
  deactivated: 'bg-gray-100 text-gray-700 ring-gray-300',
};

/** Spec §4 status as a coloured label (the text says it too: colour is never the only cue). */
export function StatusBadge({ status, className }: { status: EmployeeStatus; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        styles[status],
        className,
      )}
    >
      {EMPLOYEE_STATUS_LABELS_FR[status]}
    </span>
  );
}
