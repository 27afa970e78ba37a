import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { type ChangeEvent, type DragEvent, type ReactNode, useId, useState } from 'react';
import { cx } from '../../lib/cx.ts';
import { shortenFileName } from '../../lib/format/file-name.ts';
import { Button } from './button.tsx';

/** The multipart limit of the API (10 MB); a bigger file is refused before sending it. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Why a CSV file cannot be sent, in French, or null when it may go. */
export function csvFileProblem(file: File): string | null {
  if (!/\.csv$/i.test(file.name)) return ERROR_MESSAGES_FR.INVALID_FILE ?? 'Fichier non valide.';
  if (file.size > MAX_UPLOAD_BYTES) return ERROR_MESSAGES_FR.payload_too_large ?? 'Fichier trop volumineux.';
  if (file.size === 0) return ERROR_MESSAGES_FR.CSV_EMPTY ?? 'Le fichier est vide.';
  return null;
}

/** "512 o", "12 Ko", "1,5 Mo". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}

type FileDropZoneProps = {
  /** The accessible name of the file input (and the visible label when `showLabel`). */
  label: string;
  /** Shows `label` above the zone, for forms where nothing else names the field. */
  showLabel?: boolean;
  /** What the files are for, under the label (read with the input). */
  description?: ReactNode;
  /** The input's `accept`: extensions and types offered by the system's picker. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** "votre fichier CSV", "vos pièces justificatives": in "Glissez … ici, ou". */
  what: string;
  /** The button: "Choisir un fichier", "Choisir un autre fichier", "Ajouter des fichiers". */
  buttonLabel: string;
  /** Formats and size, in small print under the button. */
  formats: string;
  error?: string | null;
  /** Called with what was picked or dropped (never empty). */
  onFiles: (files: File[]) => void;
  /** What was chosen, shown inside the zone in place of the invitation to drop. */
  children?: ReactNode;
};

/**
 * The app's one file picker (issue 10): a drop zone with a French "Choisir un fichier" button
 * instead of the browser's own "Choose file / No file chosen" control. The real file input sits
 * in the button, visually hidden but focusable, so the keyboard (Tab, then Enter or Space) and
 * screen readers use it as they would the native one; the focus ring shows on the button. Drag
 * and drop only adds to it. The input is emptied after each pick, so the same file can be picked
 * again once removed.
 */
export function FileDropZone({
  label,
  showLabel = false,
  description,
  accept,
  multiple = false,
  disabled = false,
  what,
  buttonLabel,
  formats,
  error,
  onFiles,
  children,
}: FileDropZoneProps) {
  const inputId = useId();
  const labelId = `${inputId}-label`;
  const descriptionId = `${inputId}-description`;
  const formatsId = `${inputId}-formats`;
  const errorId = `${inputId}-error`;
  const [isDragging, setIsDragging] = useState(false);

  const take = (list: FileList | null | undefined) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.target.files);
    event.target.value = '';
  };

  const describedBy = [description ? descriptionId : null, formatsId, error ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="flex flex-col gap-1.5">
      {showLabel ? (
        <span id={labelId} className="text-sm font-medium text-gray-800">
          {label}
        </span>
      ) : null}
      {description ? (
        <p id={descriptionId} className="text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {/* The drop zone only adds drag and drop: the file input inside is the accessible control.
          Its name must not repeat the input's, or "the field named X" would find two things. */}
      <section
        aria-label={multiple ? 'Zone de dépôt des fichiers' : 'Zone de dépôt du fichier'}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        data-dragging={isDragging || undefined}
        className={cx(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-5 text-center transition-colors sm:py-6',
          isDragging ? 'border-brand-600 bg-brand-50' : 'border-gray-300 bg-white',
          error ? 'border-red-400' : null,
        )}
      >
        <IconFileSpreadsheet aria-hidden="true" className="size-9 text-brand-600" />
        {children ?? (
          <p className="text-sm text-gray-600">
            <span className="hidden sm:inline">Glissez {what} ici, ou </span>
            <span className="sm:hidden">Choisissez {what}.</span>
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
          {buttonLabel}
          <input
            id={inputId}
            type="file"
            accept={accept}
            multiple={multiple}
            aria-label={showLabel ? undefined : label}
            aria-labelledby={showLabel ? labelId : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            className="sr-only"
            onChange={onChange}
          />
        </label>
        <p id={formatsId} className="text-xs text-gray-500">
          {formats}
        </p>
      </section>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FilePickerProps = {
  label: string;
  showLabel?: boolean;
  description?: ReactNode;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The problem with the chosen file, from the picker's checks or the server. */
  error?: string | null;
  disabled?: boolean;
  /** CSV by default. */
  accept?: string;
  what?: string;
  formats?: string;
};

/**
 * One file (a CSV by default) by drag and drop or with "Choisir un fichier"; once chosen, its
 * name (shortened to 20 characters, spec §9, the whole name as a tooltip), its size and a
 * "Retirer le fichier" button.
 */
export function FilePicker({
  file,
  onFileChange,
  disabled = false,
  accept = '.csv,text/csv',
  what = 'votre fichier CSV',
  formats = 'Fichier CSV (séparateur ; ou ,), 10 Mo au plus.',
  ...zone
}: FilePickerProps) {
  return (
    <FileDropZone
      {...zone}
      accept={accept}
      what={what}
      formats={formats}
      disabled={disabled}
      buttonLabel={file ? 'Choisir un autre fichier' : 'Choisir un fichier'}
      onFiles={([picked]) => onFileChange(picked ?? null)}
    >
      {file ? (
        <div className="flex max-w-full items-center gap-2 text-sm text-gray-800">
          <span className="truncate font-medium" title={file.name}>
            {shortenFileName(file.name)}
          </span>
          <span className="shrink-0 text-gray-500">({formatFileSize(file.size)})</span>
          <Button
            variant="tertiary"
            size="sm"
            icon={<IconX aria-hidden="true" />}
            aria-label="Retirer le fichier"
            disabled={disabled}
            onClick={() => onFileChange(null)}
          />
        </div>
      ) : null}
    </FileDropZone>
  );
}
