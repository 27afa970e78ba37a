import { IconPaperclip, IconX } from '@tabler/icons-react';
import {
  CHANGE_REQUEST_ATTACHMENT_ACCEPT,
  CHANGE_REQUEST_ATTACHMENT_MAX_BYTES,
  CHANGE_REQUEST_ATTACHMENT_TYPES,
  CHANGE_REQUEST_MAX_ATTACHMENTS,
} from '@tasbiq/contracts/change-requests';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { FileDropZone } from '../../../components/ui/file-picker.tsx';
import { shortenFileName } from '../../../lib/format/file-name.ts';
import { formatFileSize } from '../format-value.ts';

const EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/**
 * Why a file cannot be attached, or null. The browser's type and the name are only a first
 * screen; the API checks the content itself.
 */
export function attachmentProblem(file: File): string | null {
  const typeOk =
    (CHANGE_REQUEST_ATTACHMENT_TYPES as readonly string[]).includes(file.type) || EXTENSIONS.test(file.name);
  if (!typeOk) return ERROR_MESSAGES_FR.ATTACHMENT_INVALID_TYPE ?? null;
  if (file.size > CHANGE_REQUEST_ATTACHMENT_MAX_BYTES) return ERROR_MESSAGES_FR.ATTACHMENT_TOO_LARGE ?? null;
  if (file.size === 0) return ERROR_MESSAGES_FR.ATTACHMENT_INVALID_TYPE ?? null;
  return null;
}

type AttachmentsPickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** Text of the last refusal (a wrong type, too large, too many), shown under the picker. */
  error?: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
};

/**
 * Up to five PDF, PNG or JPG files of 10 MB at most, with the app's French picker (drop zone and
 * "Ajouter des fichiers", keyboard accessible, components/ui/file-picker.tsx). Picking adds to the
 * list; each file can be removed. Names are shortened to 20 characters (spec §5) with the full name
 * as a tooltip.
 */
export function AttachmentsPicker({ files, onChange, error, onError, disabled }: AttachmentsPickerProps) {
  const isFull = files.length >= CHANGE_REQUEST_MAX_ATTACHMENTS;

  const add = (picked: File[]) => {
    const accepted: File[] = [];
    let problem: string | null = null;
    for (const file of picked) {
      const reason = attachmentProblem(file);
      if (reason) {
        problem ??= `${shortenFileName(file.name)} : ${reason}`;
        continue;
      }
      accepted.push(file);
    }
    const next = [...files, ...accepted];
    if (next.length > CHANGE_REQUEST_MAX_ATTACHMENTS) {
      problem ??= ERROR_MESSAGES_FR.TOO_MANY_ATTACHMENTS ?? null;
      onChange(next.slice(0, CHANGE_REQUEST_MAX_ATTACHMENTS));
    } else {
      onChange(next);
    }
    onError(problem);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <FileDropZone
        label="Pièces justificatives"
        showLabel
        description={`Facultatif : jusqu'à ${CHANGE_REQUEST_MAX_ATTACHMENTS} fichiers (copie de la CIN, attestation de RIB…).`}
        accept={CHANGE_REQUEST_ATTACHMENT_ACCEPT}
        multiple
        disabled={disabled || isFull}
        what="vos pièces justificatives"
        buttonLabel={files.length > 0 ? 'Ajouter des fichiers' : 'Choisir des fichiers'}
        formats="PDF, PNG ou JPG, 10 Mo au plus par fichier."
        error={error}
        onFiles={add}
      >
        {isFull ? (
          <p className="text-sm text-gray-600">
            {CHANGE_REQUEST_MAX_ATTACHMENTS} fichiers joints : retirez-en un pour en ajouter un autre.
          </p>
        ) : null}
      </FileDropZone>
      {files.length > 0 ? (
        <ul className="flex flex-col gap-1.5" aria-label="Fichiers joints">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-2 rounded-xl bg-gray-50 px-3 py-2 text-sm ring-1 ring-gray-200"
            >
              <IconPaperclip aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
              <span className="min-w-0 flex-1 truncate text-gray-900" title={file.name}>
                {shortenFileName(file.name)}
              </span>
              <span className="shrink-0 text-xs text-gray-500">{formatFileSize(file.size)}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Retirer ${file.name}`}
                className="-m-1 inline-flex size-9 items-center justify-center rounded-full text-gray-500 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => {
                  onChange(files.filter((_, i) => i !== index));
                  onError(null);
                }}
              >
                <IconX aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
