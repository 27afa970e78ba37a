import { BONUS_STATUS_LABELS_FR, type TBonusStatus } from '@tasbiq/contracts/bonus-labels';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONES: Record<TBonusStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'success',
  partially_confirmed: 'info',
  refused: 'danger',
};

/** A bonus's status (spec §4): the HR list, its details and the dashboard's last bonuses. */
export function BonusStatusBadge({ status, className }: { status: TBonusStatus; className?: string }) {
  return (
    <Badge tone={TONES[status]} className={className}>
      {BONUS_STATUS_LABELS_FR[status]}
    </Badge>
  );
}
