import { IconDownload } from '@tabler/icons-react';
import { Button } from '../../../components/ui/button.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { type TemplateKind, useDownloadTemplateMutation } from '../api/download-template.ts';

/** "Télécharger le modèle": the CSV French Excel opens, with the header and an example row. */
export function TemplateButton({ kind }: { kind: TemplateKind }) {
  const download = useDownloadTemplateMutation();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        label="Télécharger le modèle (CSV)"
        icon={<IconDownload aria-hidden="true" />}
        iconPosition="left"
        loading={download.isPending}
        onClick={() => download.mutate(kind)}
        className="self-start"
      />
      {download.isError ? <MessageBox severity="danger">{errorMessage(download.error)}</MessageBox> : null}
    </div>
  );
}
