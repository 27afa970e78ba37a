import { IconDownload } from '@tabler/icons-react';
import type { TWalletExport } from '@tasbiq/contracts/company-wallet';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';

const numberFr = new Intl.NumberFormat('fr-FR');

export function rowsText(rows: number): string {
  if (rows === 0) return 'aucun mouvement';
  return rows === 1 ? '1 mouvement' : `${numberFr.format(rows)} mouvements`;
}

type ExportResultProps = {
  /** The export just made, or null before. */
  created: TWalletExport | null;
  error: unknown;
  onDownload: (walletExport: TWalletExport) => void;
  isDownloading: boolean;
};

/** What the last "Exporter" gave: the file to download, a failed export, or the request's error. */
export function ExportResult({ created, error, onDownload, isDownloading }: ExportResultProps) {
  if (error) {
    return (
      <MessageBox severity="danger" title="L'export n'a pas pu être créé.">
        {errorMessage(error)}
      </MessageBox>
    );
  }
  if (!created) return null;
  if (created.status === 'failed') {
    return (
      <MessageBox severity="warning" title="L'export a échoué.">
        Le fichier n'a pas pu être enregistré. Réessayez dans quelques instants.
      </MessageBox>
    );
  }
  return (
    <MessageBox severity="success" title="Export terminé">
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>Le fichier contient {rowsText(created.rows)}.</p>
        <Button
          variant="secondary"
          size="sm"
          label="Télécharger le fichier"
          icon={<IconDownload aria-hidden="true" />}
          iconPosition="left"
          loading={isDownloading}
          onClick={() => onDownload(created)}
        />
      </div>
    </MessageBox>
  );
}
