import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cx } from '../../../lib/cx.ts';
import { shortenFileName } from '../../../lib/format/file-name.ts';

/** The multipart limit of the API (10 MB); a bigger file is refused before sending it. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be sent, in French, or null when it may go. */
export function csvFileProblem(file: File): string | null {
  if (!/\.csv$/i.test(file.name)) return ERROR_MESSAGES_FR.INVALID_FILE ?? 'Fichier non valide.';
  if (file.size > MAX_CSV_BYTES) return ERROR_MESSAGES_FR.payload_too_large ?? 'Fichier trop volumineux.';
  if (file.size === 0) return ERROR_MESSAGES_FR.CSV_EMPTY ?? 'Le fichier est vide.';
  return null;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}

type CsvFilePickerProps = {
  label: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The problem with the chosen file, from the picker's checks or the server. */
  error?: string | null;
  disabled?: boolean;
};

/**
 * A CSV file by drag and drop or with the "Choisir un fichier" button (the real file input,
 * so it works with the keyboard and screen readers). Only `.csv` is accepted.
 */
export function CsvFilePicker({ label, file, onFileChange, error, disabled = false }: CsvFilePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) onFileChange(dropped);
  };

  return (
    <div className="flex flex-col gap-1.5">
      {/* The drop zone only adds drag and drop: the file input inside is the accessible control. */}
      <section
        aria-label="Zone de dépôt du fichier"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-dragging={isDragging || undefined}
        className={cx(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors sm:py-8',
          isDragging ? 'border-brand-600 bg-brand-50' : 'border-gray-300 bg-white',
          error ? 'border-red-400' : null,
        )}
      >
        <IconFileSpreadsheet aria-hidden="true" className="size-10 text-brand-600" />
        {file ? (
          <div className="flex max-w-full items-center gap-2 text-sm text-gray-800">
            <span className="truncate font-medium" title={file.name}>
              {shortenFileName(file.name, 32)}
            </span>
            <span className="shrink-0 text-gray-500">({formatSize(file.size)})</span>
            <Button
              variant="tertiary"
              size="sm"
              icon={<IconX aria-hidden="true" />}
              aria-label="Retirer le fichier"
              disabled={disabled}
              onClick={() => {
                onFileChange(null);
                if (input.current) input.current.value = '';
              }}
            />
          </div>
        ) : (
          <p className="text-sm text-gray-600">
            <span className="hidden sm:inline">Glissez votre fichier CSV ici, ou </span>
            <span className="sm:hidden">Choisissez votre fichier CSV.</span>
          </p>
        )}
        <label
          htmlFor={inputId}
          className={cx(
            'inline-flex h-11 cursor-pointer items-center gap-2 rounded-xl bg-white px-4 text-sm font-medium text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            disabled ? 'cursor-not-allowed opacity-50' : null,
          )}
        >
          <IconUpload aria-hidden="true" className="size-5" />
          {file ? 'Choisir un autre fichier' : 'Choisir un fichier'}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-label={label}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={disabled}
            className="sr-only"
            onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
          />
        </label>
        <p className="text-xs text-gray-500">Fichier CSV (séparateur ; ou ,), 10 Mo au plus.</p>
      </section>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
