import { useEffect, useState } from 'react';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchPayslipPdf } from '../api/download-payslip.ts';

/**
 * The slip's PDF in the browser's own viewer, fetched with the bearer token (a plain link would
 * carry none) and shown from an object URL that is revoked when the modal closes.
 */
export function PdfPreviewModal({
  slipId,
  title,
  onClose,
}: {
  slipId: number | null;
  title: string;
  onClose: () => void;
}) {
  const [state, setState] = useState<{ url?: string; error?: unknown; attempt: number }>({ attempt: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (a new attempt) fetches again.
  useEffect(() => {
    if (slipId === null) return;
    let url: string | undefined;
    let cancelled = false;
    setState((s) => ({ attempt: s.attempt }));
    fetchPayslipPdf(slipId).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState((s) => ({ url, attempt: s.attempt }));
      },
      (error: unknown) => !cancelled && setState((s) => ({ error, attempt: s.attempt })),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [slipId, state.attempt]);

  return (
    <Modal
      open={slipId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      className="md:max-w-3xl"
    >
      {state.error ? (
        <LoadErrorState
          title="La fiche n'a pas pu être chargée."
          error={state.error}
          onRetry={() => setState((s) => ({ attempt: s.attempt + 1 }))}
        />
      ) : state.url ? (
        <iframe title={title} src={state.url} className="h-[70vh] w-full rounded-lg ring-1 ring-gray-200" />
      ) : (
        <Spinner isBlock label="Chargement de la fiche" />
      )}
    </Modal>
  );
}
