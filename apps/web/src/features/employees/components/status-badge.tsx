import { EMPLOYEE_STATUS_LABELS_FR, type EmployeeStatus } from '@tasbiq/contracts/employees';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<EmployeeStatus, BadgeTone> = {
  activated: 'success',
  invited: 'warning',
  deactivated: 'neutral',
};

/** Spec §4 status as a coloured label (the text says it too: colour is never the only cue). */
export function StatusBadge({ status, className }: { status: EmployeeStatus; className?: string }) {
  return (
    <Badge tone={tones[status]} className={className}>
      {EMPLOYEE_STATUS_LABELS_FR[status]}
    </Badge>
  );
}
