import { useMemo, useState } from 'react';
import type { UploadCallbacks } from './api/upload-with-progress.ts';
import type { UploadPhase } from './components/upload-progress.tsx';

/** The progress bar's state, fed by the upload's callbacks; null when nothing is being sent. */
export function useUploadPhase() {
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const callbacks = useMemo<Required<Pick<UploadCallbacks, 'onProgress' | 'onUploaded'>>>(
    () => ({
      onProgress: (fraction) =>
        setPhase((current) => (current?.kind === 'processing' ? current : { kind: 'uploading', fraction })),
      onUploaded: () => setPhase({ kind: 'processing' }),
    }),
    [],
  );
  return {
    phase,
    callbacks,
    start: () => setPhase({ kind: 'uploading', fraction: 0 }),
    stop: () => setPhase(null),
  };
}
