import type { TConfirmPayslipJobResult, TPayslip } from '@tasbiq/contracts/payslips';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatCount } from '../../lib/format/count.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useConfirmPayslipJobMutation, useDecidePayslipMutation } from './api/decide-payslips.ts';
import { usePayslipJobQuery } from './api/get-payslip-job.ts';
import { useJobPayslipsQuery } from './api/list-job-payslips.ts';
import { JobProgress } from './components/job-progress.tsx';
import { JobSlips } from './components/job-slips.tsx';
import { MatchModal } from './components/match-modal.tsx';
import { PdfPreviewModal } from './components/pdf-preview-modal.tsx';

/**
 * /rh/fiches/jobs/:id: the extraction's live progress, then each slip to check (preview, match by
 * hand, publish or discard one) and the bulk publication of the whole job, after a confirmation.
 */
export function PayslipJobScreen() {
  const id = Number(useParams().id);
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [offset, setOffset] = useState(0);
  const job = usePayslipJobQuery(id);
  const inProgress = job.data?.status === 'in_progress';
  const slips = useJobPayslipsQuery(id, { limit, offset }, inProgress);
  // The slips stop polling with the job: read them once more when it finishes, for the last ones.
  const wasInProgress = useRef(false);
  const refetchSlips = slips.refetch;
  useEffect(() => {
    if (wasInProgress.current && !inProgress) void refetchSlips();
    wasInProgress.current = inProgress;
  }, [inProgress, refetchSlips]);
  const decide = useDecidePayslipMutation();
  const confirmJob = useConfirmPayslipJobMutation();
  const [preview, setPreview] = useState<TPayslip | null>(null);
  const [matching, setMatching] = useState<TPayslip | null>(null);
  // Discarding a slip is asked for first: it will not reach the employee.
  const [discarding, setDiscarding] = useState<TPayslip | null>(null);
  const [askBulk, setAskBulk] = useState(false);
  const [result, setResult] = useState<TConfirmPayslipJobResult | null>(null);

  if (job.isPending) return <Spinner isBlock label="Chargement de l'extraction" />;
  if (job.isError)
    return (
      <LoadErrorState
        title="L'extraction n'a pas pu être chargée."
        error={job.error}
        onRetry={() => job.refetch()}
      />
    );
  const data = job.data;
  const pendingCount = data.matched - data.approved;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Extraction de fiches de paie"
        subtitle={data.file_name}
        actions={
          <Button
            label="Publier toutes les fiches"
            disabled={inProgress || pendingCount <= 0}
            onClick={() => setAskBulk(true)}
          />
        }
      />
      <JobProgress job={data} />
      {result ? (
        <MessageBox
          severity={result.skipped.length ? 'warning' : 'success'}
          title={`${formatCount(result.approved, 'fiche publiée', 'fiches publiées')}.`}
        >
          {result.skipped.length ? (
            <ul className="list-disc pl-5">
              {result.skipped.map((s) => (
                <li key={s.fiche}>{s.detail}</li>
              ))}
            </ul>
          ) : (
            'Les salariés concernés ont été prévenus.'
          )}
        </MessageBox>
      ) : null}
      {decide.isError ? <MessageBox severity="danger">{errorMessage(decide.error)}</MessageBox> : null}
      <section aria-label="Fiches trouvées" aria-busy={slips.isFetching}>
        {slips.isPending ? (
          <Spinner isBlock label="Chargement des fiches" />
        ) : slips.isError ? (
          <LoadErrorState
            title="Les fiches n'ont pas pu être chargées."
            error={slips.error}
            onRetry={() => slips.refetch()}
          />
        ) : slips.data.count === 0 ? (
          <EmptyState
            title={
              inProgress ? 'Aucune fiche trouvée pour le moment.' : 'Aucune fiche trouvée dans ce fichier.'
            }
          />
        ) : (
          <JobSlips
            slips={slips.data.results}
            actions={{
              onPreview: setPreview,
              onMatch: setMatching,
              onDecide: (slip, approve) =>
                approve ? decide.mutate({ id: slip.id, approve }) : setDiscarding(slip),
              busyId: decide.isPending ? (decide.variables?.id ?? null) : null,
            }}
          />
        )}
      </section>
      {slips.data ? (
        <Pagination
          label="Pagination des fiches"
          count={slips.data.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={slips.isFetching}
        />
      ) : null}

      <PdfPreviewModal
        slipId={preview?.id ?? null}
        title={preview ? `Fiche page ${preview.first_page}` : 'Fiche'}
        onClose={() => setPreview(null)}
      />
      <MatchModal slip={matching} onClose={() => setMatching(null)} />
      <Modal
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title="Écarter cette fiche ?"
      >
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            {discarding?.employee
              ? `La fiche page ${discarding.first_page} de ${discarding.employee.first_name} ${discarding.employee.last_name}`
              : `La fiche page ${discarding?.first_page ?? ''}, rattachée à personne,`}{' '}
            ne sera pas publiée et ne pourra plus l'être depuis cette extraction.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" label="Annuler" onClick={() => setDiscarding(null)} />
            <Button
              variant="danger"
              label="Écarter"
              loading={decide.isPending}
              onClick={() =>
                discarding &&
                decide.mutate({ id: discarding.id, approve: false }, { onSettled: () => setDiscarding(null) })
              }
            />
          </div>
        </div>
      </Modal>
      <Modal open={askBulk} onOpenChange={setAskBulk} title="Publier les fiches de cette extraction ?">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">
            {formatCount(pendingCount, 'fiche rattachée sera publiée', 'fiches rattachées seront publiées')}{' '}
            et les salariés seront prévenus. Les fiches à rattacher restent en attente. Votre propre fiche
            doit être publiée par un autre membre RH.
          </p>
          {confirmJob.isError ? (
            <MessageBox severity="danger">{errorMessage(confirmJob.error)}</MessageBox>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" label="Annuler" onClick={() => setAskBulk(false)} />
            <Button
              label="Publier"
              loading={confirmJob.isPending}
              onClick={() =>
                confirmJob.mutate(
                  { jobId: id, approve: true },
                  {
                    onSuccess: (answer) => {
                      setResult(answer);
                      setAskBulk(false);
                    },
                  },
                )
              }
            />
          </div>
        </div>
      </Modal>
    </div>
  );
}
