import { type TWalletExport, WALLET_EXPORT_STATUS_LABELS_FR } from '@tasbiq/contracts/company-wallet';
import { cx } from '../../../lib/cx.ts';

const styles: Record<TWalletExport['status'], string> = {
  finished: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

/** "Terminé" / "Échoué" (the text says it, colour only helps). */
export function ExportStatusBadge({ status }: { status: TWalletExport['status'] }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        styles[status] ?? styles.finished,
      )}
    >
      {WALLET_EXPORT_STATUS_LABELS_FR[status] ?? status}
    </span>
  );
}
