import { IconPaperclip, IconX } from '@tabler/icons-react';
import {
  CHANGE_REQUEST_ATTACHMENT_ACCEPT,
  CHANGE_REQUEST_ATTACHMENT_MAX_BYTES,
  CHANGE_REQUEST_ATTACHMENT_TYPES,
  CHANGE_REQUEST_MAX_ATTACHMENTS,
} from '@tasbiq/contracts/change-requests';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { useEffect, useId, useRef, useState } from 'react';
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
 * Up to five PDF, PNG or JPG files of 10 MB at most. Picking adds to the list; each file can be
 * removed. Names are shortened to 20 characters (spec §5) with the full name as a tooltip.
 */
export function AttachmentsPicker({ files, onChange, error, onError, disabled }: AttachmentsPickerProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  // A fresh input after each pick, so the same file can be picked again once removed; it keeps
  // the keyboard focus where it was.
  const [inputKey, setInputKey] = useState(0);
  useEffect(() => {
    if (inputKey > 0) input.current?.focus();
  }, [inputKey]);

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
      <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
        Pièces justificatives
      </label>
      <p id={hintId} className="text-xs text-gray-500">
        Facultatif : jusqu'à {CHANGE_REQUEST_MAX_ATTACHMENTS} fichiers PDF, PNG ou JPG de 10 Mo au plus (copie
        de la CIN, attestation de RIB…).
      </p>
      <input
        key={inputKey}
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={CHANGE_REQUEST_ATTACHMENT_ACCEPT}
        disabled={disabled || files.length >= CHANGE_REQUEST_MAX_ATTACHMENTS}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 disabled:opacity-50"
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          setInputKey((key) => key + 1);
        }}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
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
                  input.current?.focus();
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
