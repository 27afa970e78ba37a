import { IconUsersPlus } from '@tabler/icons-react';
import { WORKED_DAYS_COLUMNS } from '@tasbiq/contracts/employee-imports';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { MonthYearPicker } from '../../components/ui/month-year-picker.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { currentMonth } from '../../lib/dates/casablanca-month.ts';
import { requiredMessage } from '../../lib/errors/error-message.ts';
import { formatMonthInSentence } from '../../lib/format/month-names.ts';
import { useUploadWorkedDaysMutation } from './api/upload-worked-days.ts';
import { ColumnsHelp } from './components/columns-help.tsx';
import { ImportOutcome } from './components/import-outcome.tsx';
import { ImportReportTable } from './components/import-report.tsx';
import { TemplateButton } from './components/template-button.tsx';
import { UploadProgress } from './components/upload-progress.tsx';
import { useCsvUpload } from './components/use-csv-upload.ts';

const cardClass = 'flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6';

/**
 * /rh/employees/worked-days: the days and hours each employee worked in a month, from a CSV
 * (matricule or CIN). They feed balance methods 2 (worked days) and 4 (hourly rate). A new file
 * for the same month replaces the figures; a file with a wrong line changes nothing.
 */
export function WorkedDaysScreen() {
  const upload = useCsvUpload({
    mutation: useUploadWorkedDaysMutation(),
    missingFileMessage: requiredMessage('Fichier CSV des jours travaillés'),
    fileField: 'file',
  });
  const now = currentMonth();
  const [month, setMonth] = useState(now.month);
  const [year, setYear] = useState(now.year);
  const { outcome } = upload;
  const years = [now.year - 1, now.year, now.year + 1];

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Jours travaillés"
        subtitle="Chaque mois, envoyez les jours et heures travaillés de vos salariés : ils servent au calcul du solde (méthodes « jours travaillés » et « taux horaire »)."
        actions={
          <Button
            variant="tertiary"
            to="/rh/employees/import"
            label="Importer des salariés"
            icon={<IconUsersPlus aria-hidden="true" />}
            iconPosition="left"
          />
        }
      />

      <section className={cardClass} aria-labelledby="wd-step-template">
        <h2 id="wd-step-template" className="text-base font-semibold text-gray-900">
          1. Préparez le fichier
        </h2>
        <p className="text-sm text-gray-700">
          Une ligne par salarié, désigné par son matricule ou sa CIN, avec ses jours (0 à 31, « 21,5 »
          accepté) et ses heures travaillés.
        </p>
        <TemplateButton kind="worked-days" />
        <ColumnsHelp
          columns={WORKED_DAYS_COLUMNS}
          note="Au-delà de 26 jours, le calcul du solde en retient 26. Une colonne absente compte pour 0."
        />
      </section>

      <form noValidate onSubmit={(event) => upload.submit(event, { month, year })} className={cardClass}>
        <h2 id="wd-step-upload" className="text-base font-semibold text-gray-900">
          2. Choisissez le mois et envoyez le fichier
        </h2>
        <MonthYearPicker
          className="sm:max-w-md"
          value={{ month, year }}
          years={years}
          disabled={upload.isPending}
          onChange={(next) => {
            setMonth(next.month);
            setYear(next.year);
          }}
        />
        <FilePicker
          label="Fichier CSV des jours travaillés"
          file={upload.file}
          onFileChange={upload.pickFile}
          error={upload.fileError}
          disabled={upload.isPending}
        />
        {upload.phase ? <UploadProgress phase={upload.phase} /> : null}
        <Button type="submit" label="Envoyer" loading={upload.isPending} className="sm:self-start" />
      </form>

      <ImportOutcome outcome={outcome} title="Résultat de l'envoi">
        {outcome?.kind === 'done' ? (
          <MessageBox severity="success">
            {outcome.answer.updated === 1
              ? '1 salarié mis à jour'
              : `${outcome.answer.updated} salariés mis à jour`}{' '}
            pour {formatMonthInSentence(outcome.answer)}.
            {outcome.answer.ignored_columns.length > 0
              ? ` Colonnes ignorées : ${outcome.answer.ignored_columns.join(', ')}.`
              : null}
          </MessageBox>
        ) : null}
        {outcome?.kind === 'done' && (outcome.answer.skipped ?? []).length > 0 ? (
          <MessageBox severity="warning" title="Lignes non enregistrées">
            <ul className="list-disc pl-5">
              {(outcome.answer.skipped ?? []).map((row) => (
                <li key={row.row}>
                  Ligne {row.row} : {row.detail}
                </li>
              ))}
            </ul>
          </MessageBox>
        ) : null}
        {outcome?.kind === 'error' ? <MessageBox severity="danger">{outcome.message}</MessageBox> : null}
        {outcome?.kind === 'report' ? (
          <div className={cardClass}>
            <ImportReportTable report={outcome.report} columns={WORKED_DAYS_COLUMNS} />
          </div>
        ) : null}
      </ImportOutcome>
    </div>
  );
}
