import { Spinner } from '../../../components/ui/spinner.tsx';

export type UploadPhase = { kind: 'uploading'; fraction: number } | { kind: 'processing' };

/**
 * The file going up (a real progress bar from the browser's upload events), then "Traitement…"
 * while the server reads and checks every row.
 */
export function UploadProgress({ phase }: { phase: UploadPhase }) {
  if (phase.kind === 'processing') {
    return (
      <div
        className="flex items-center gap-3 rounded-xl bg-gray-50 p-3 text-sm text-gray-800"
        aria-live="polite"
      >
        <Spinner size="sm" label="Traitement du fichier" />
        <span>Traitement… vérification de chaque ligne du fichier.</span>
      </div>
    );
  }
  const percent = Math.round(phase.fraction * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm text-gray-700">
        <span id="upload-progress-label">Envoi du fichier</span>
        <span className="tabular-nums">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
