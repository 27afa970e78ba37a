import { IconCamera, IconRefresh } from '@tabler/icons-react';
import { CIN_IMAGE_MAX_BYTES } from '@tasbiq/contracts/cards';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';

/** Why a photo cannot be sent, in French, or null (the server checks the bytes again). */
export function cinPhotoProblem(file: File): string | null {
  if (!['image/png', 'image/jpeg'].includes(file.type)) return 'Choisissez une photo au format PNG ou JPEG.';
  if (file.size > CIN_IMAGE_MAX_BYTES) return 'La photo dépasse 10 Mo. Reprenez-la en qualité normale.';
  if (file.size === 0) return ERROR_MESSAGES_FR.INVALID_FILES ?? 'Fichier non valide.';
  return null;
}

type CinCaptureProps = {
  /** "Recto de la CIN" / "Verso de la CIN". */
  label: string;
  hint: string;
  file: File | null;
  error?: string | null;
  onChange: (file: File | null) => void;
};

/**
 * One side of the CIN: the phone's camera (capture) or a file, then a preview to check it is sharp
 * and whole, and a retake. The input stays a real, focusable file input (keyboard, screen readers).
 */
export function CinCapture({ label, hint, file, error, onChange }: CinCaptureProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!picked) return;
    const why = cinPhotoProblem(picked);
    setProblem(why);
    onChange(why ? null : picked);
  };

  const shown = problem ?? error ?? null;
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-gray-900" id={`${id}-label`}>
        {label}
      </span>
      <p className="text-xs text-gray-600" id={`${id}-hint`}>
        {hint}
      </p>
      {preview ? (
        <img
          src={preview}
          alt={`Aperçu : ${label.toLowerCase()}`}
          className="aspect-[1.586] w-full rounded-xl object-contain bg-gray-100 ring-1 ring-gray-200"
        />
      ) : (
        <div className="flex aspect-[1.586] w-full items-center justify-center rounded-xl border-2 border-dashed border-gray-300 bg-gray-50 text-gray-500">
          <IconCamera aria-hidden="true" className="size-10" />
        </div>
      )}
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-medium text-brand-700 ring-1 ring-brand-600 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-50"
      >
        {file ? (
          <IconRefresh aria-hidden="true" className="size-5" />
        ) : (
          <IconCamera aria-hidden="true" className="size-5" />
        )}
        {file ? 'Reprendre la photo' : 'Prendre une photo'}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          capture="environment"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          aria-invalid={shown ? true : undefined}
          onChange={pick}
        />
      </label>
      {shown ? (
        <p className="text-sm text-red-700" id={`${id}-error`} role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
