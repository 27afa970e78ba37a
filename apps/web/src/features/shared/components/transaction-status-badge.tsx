import {
  type TAdvanceStatus,
  TRANSACTION_STATUS_LABELS_FR,
  type TRechargeStatus,
} from '@tasbiq/contracts/money';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

type TransactionStatus = TAdvanceStatus | TRechargeStatus;

const tones: Record<TransactionStatus, BadgeTone> = {
  pending: 'warning',
  processing: 'info',
  executed: 'success',
  failed: 'danger',
  canceled: 'neutral',
  rejected: 'danger',
};

function isKnown(status: string): status is TransactionStatus {
  return Object.hasOwn(TRANSACTION_STATUS_LABELS_FR, status);
}

/**
 * Spec §4 status of an advance or a top-up as its French label, for the employee's history and
 * HR's lists alike. A status this build does not know yet shows as sent, in grey.
 */
export function TransactionStatusBadge({ status, className }: { status: string; className?: string }) {
  return isKnown(status) ? (
    <Badge tone={tones[status]} className={className}>
      {TRANSACTION_STATUS_LABELS_FR[status]}
    </Badge>
  ) : (
    <Badge tone="neutral" className={className}>
      {status}
    </Badge>
  );
}
