import { type TWalletExport, WALLET_EXPORT_STATUS_LABELS_FR } from '@tasbiq/contracts/company-wallet';
import { Badge } from '../../../components/ui/badge.tsx';

/** "Terminé" / "Échoué" (the text says it, colour only helps). */
export function ExportStatusBadge({ status }: { status: TWalletExport['status'] }) {
  return (
    <Badge tone={status === 'failed' ? 'danger' : 'success'}>
      {WALLET_EXPORT_STATUS_LABELS_FR[status] ?? status}
    </Badge>
  );
}
