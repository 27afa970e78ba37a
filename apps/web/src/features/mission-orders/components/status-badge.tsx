import {
  MISSION_ADVANCE_STATUS_LABELS_FR,
  MISSION_ORDER_STATUS_LABELS_FR,
  type TMissionAdvanceStatus,
  type TMissionOrderStatus,
} from '@tasbiq/contracts/mission-orders';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONES: Record<TMissionOrderStatus, BadgeTone> = {
  pending: 'info',
  returned: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

export function MissionStatusBadge({ status }: { status: TMissionOrderStatus }) {
  return <Badge tone={TONES[status]}>{MISSION_ORDER_STATUS_LABELS_FR[status]}</Badge>;
}

const ADVANCE_TONES: Record<TMissionAdvanceStatus, BadgeTone> = {
  none: 'neutral',
  confirmed: 'info',
  processing: 'info',
  executed: 'success',
  failed: 'danger',
};

export function AdvanceStatusBadge({ status }: { status: TMissionAdvanceStatus }) {
  return <Badge tone={ADVANCE_TONES[status]}>{MISSION_ADVANCE_STATUS_LABELS_FR[status]}</Badge>;
}
