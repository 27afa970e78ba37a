import { PAYSLIP_UPLOAD_MAX_BYTES } from '@tasbiq/contracts/payslips';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { usePayslipJobsQuery } from './api/list-payslip-jobs.ts';
import { useUploadPayslipsMutation } from './api/upload-payslips.ts';

/** Why a file cannot be sent, checked before the upload (the API checks the content again). */
function pdfProblem(file: File): string | null {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf')
    return 'Seuls les fichiers PDF sont acceptés.';
  if (file.size > PAYSLIP_UPLOAD_MAX_BYTES)
    return 'Le fichier PDF dépasse 40 Mo. Découpez-le en plusieurs fichiers.';
  if (file.size === 0) return 'Le fichier est vide.';
  return null;
}

/** /rh/fiches/jobs: send the payroll PDF, and the extractions already sent with their state. */
export function PayslipJobsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [offset, setOffset] = useState(0);
  const jobs = usePayslipJobsQuery({ limit, offset });
  const upload = useUploadPayslipsMutation();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem('le champ "Fichier PDF" est obligatoire');
      return;
    }
    const issue = pdfProblem(file);
    setProblem(issue);
    if (!issue) upload.mutate(file, { onSuccess: (job) => navigate(`/rh/fiches/jobs/${job.id}`) });
  };

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Extractions de fiches de paie"
        subtitle="Envoyez le PDF du logiciel de paie : Tasbiq retrouve la fiche de chaque salarié."
        actions={<Button variant="secondary" label="Toutes les fiches" to="/rh/fiches" />}
      />
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
      >
        <label htmlFor="payslips-file" className="font-medium text-gray-900">
          Fichier PDF des fiches de paie
        </label>
        <input
          id="payslips-file"
          type="file"
          accept="application/pdf,.pdf"
          aria-describedby="payslips-file-hint"
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
            upload.reset();
          }}
          className="text-sm"
        />
        <p id="payslips-file-hint" className="text-sm text-gray-600">
          Un seul fichier, 40 Mo au plus. Les pages numérisées sont lues par reconnaissance de caractères.
        </p>
        {problem ? <MessageBox severity="danger">{problem}</MessageBox> : null}
        {upload.isError ? (
          <MessageBox severity="danger" title="Le fichier n'a pas été accepté.">
            {errorMessage(upload.error)}
          </MessageBox>
        ) : null}
        <div>
          <Button type="submit" label="Lancer l'extraction" loading={upload.isPending} />
        </div>
      </form>

      <section aria-label="Extractions envoyées" aria-busy={jobs.isFetching} className="flex flex-col gap-2">
        {jobs.isPending ? (
          <Spinner isBlock label="Chargement des extractions" />
        ) : jobs.isError ? (
          <LoadErrorState
            title="Les extractions n'ont pas pu être chargées."
            error={jobs.error}
            onRetry={() => jobs.refetch()}
          />
        ) : jobs.data.count === 0 ? (
          <EmptyState
            title="Aucune extraction pour le moment."
            description="Envoyez le PDF de la paie du mois pour commencer."
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {jobs.data.results.map((job) => (
              <li
                key={job.id}
                className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-gray-900">{job.file_name}</p>
                  <p className="text-sm text-gray-700">
                    {formatDateTime(job.created)} ·{' '}
                    {job.status === 'in_progress'
                      ? `lecture en cours (${job.pages_read}/${job.pages_total} pages)`
                      : job.status === 'failed'
                        ? 'échouée'
                        : `${job.found} fiches, ${job.unmatched} à rattacher, ${job.approved} publiées`}
                  </p>
                </div>
                <Button size="sm" variant="secondary" to={`/rh/fiches/jobs/${job.id}`}>
                  Ouvrir<span className="sr-only"> l'extraction {job.file_name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {jobs.data ? (
        <Pagination
          label="Pagination des extractions"
          count={jobs.data.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={jobs.isFetching}
        />
      ) : null}
    </div>
  );
}
