import { TRANSFER_STATUS_LABELS_FR, type TTransferStatus } from '@tasbiq/contracts/transfers';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<TTransferStatus, BadgeTone> = {
  pending: 'warning',
  processing: 'info',
  sent: 'info',
  collected: 'success',
  expired: 'neutral',
  canceled: 'neutral',
  failed: 'danger',
};

/** A transfer's status in French (« Disponible en agence », « Retiré »…), for the transfer and history screens. */
export function TransferStatusBadge({ status, className }: { status: TTransferStatus; className?: string }) {
  return (
    <Badge tone={tones[status]} className={className}>
      {TRANSFER_STATUS_LABELS_FR[status]}
    </Badge>
  );
}
