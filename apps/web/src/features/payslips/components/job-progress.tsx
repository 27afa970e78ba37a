import type { TPayslipJob } from '@tasbiq/contracts/payslips';
import { formatCount } from '../../../lib/format/count.ts';

/** Pages read out of the file, and the slips found so far; a live region while the job runs. */
export function JobProgress({ job }: { job: TPayslipJob }) {
  const percent = job.pages_total > 0 ? Math.round((job.pages_read / job.pages_total) * 100) : 0;
  const running = job.status === 'in_progress';
  return (
    <section
      aria-label="Avancement de l'extraction"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200"
    >
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-medium text-gray-900">
          {running
            ? 'Lecture du fichier en cours…'
            : job.status === 'failed'
              ? 'Extraction échouée'
              : 'Extraction terminée'}
        </p>
        <p className="text-sm text-gray-700">
          {job.pages_read} / {job.pages_total} pages
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Pages lues"
        aria-valuemin={0}
        aria-valuemax={job.pages_total}
        aria-valuenow={job.pages_read}
        aria-valuetext={`${job.pages_read} pages lues sur ${job.pages_total}`}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <dl aria-live={running ? 'polite' : 'off'} className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Fiches trouvées', job.found],
          ['Rattachées', job.matched],
          ['À rattacher', job.unmatched],
          ['Publiées', job.approved],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-gray-50 p-2">
            <dt className="text-gray-600">{label}</dt>
            <dd className="text-lg font-semibold text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {job.replaced > 0 ? (
        <p className="text-sm text-gray-700">
          Cet envoi remplace {formatCount(job.replaced, 'fiche non publiée', 'fiches non publiées')} d’un
          envoi précédent pour la même période.
        </p>
      ) : null}
      {job.already_approved > 0 ? (
        <p className="text-sm text-amber-800">
          {formatCount(job.already_approved, 'salarié avait', 'salariés avaient')} déjà une fiche publiée pour
          cette période : elle reste publiée.
        </p>
      ) : null}
      {job.error ? <p className="text-sm text-red-700">{job.error}</p> : null}
    </section>
  );
}
