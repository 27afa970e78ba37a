import { CHANGE_REQUEST_STATUS_LABELS, type ChangeRequestStatus } from '@tasbiq/contracts/change-requests';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<ChangeRequestStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  refused: 'danger',
};

export function StatusBadge({ status }: { status: ChangeRequestStatus }) {
  return (
    <Badge tone={tones[status]} className="shrink-0">
      {CHANGE_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
