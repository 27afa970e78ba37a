import { IconCalendarStats } from '@tabler/icons-react';
import { EMPLOYEE_IMPORT_COLUMNS } from '@tasbiq/contracts/employee-imports';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { requiredMessage } from '../../lib/errors/error-message.ts';
import { formatCount } from '../../lib/format/count.ts';
import { useImportEmployeesMutation } from './api/import-employees.ts';
import { ColumnsHelp } from './components/columns-help.tsx';
import { ImportOutcome } from './components/import-outcome.tsx';
import { ImportReportTable } from './components/import-report.tsx';
import { TemplateButton } from './components/template-button.tsx';
import { UploadProgress } from './components/upload-progress.tsx';
import { useCsvUpload } from './components/use-csv-upload.ts';

const cardClass = 'flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6';

function importedText(count: number): string {
  return `${formatCount(count, 'salarié importé', 'salariés importés')}.`;
}

/**
 * /rh/employees/import: the whole staff from a CSV file (French Excel). Template, file, SMS
 * invitations, upload with progress, then either "N salariés importés" or the lines to fix —
 * nothing is imported while one line is wrong.
 */
export function EmployeeImportScreen() {
  const upload = useCsvUpload({
    mutation: useImportEmployeesMutation(),
    missingFileMessage: requiredMessage('Fichier CSV des salariés'),
    fileField: 'csvfile',
  });
  const smsId = useId();
  const [sendSms, setSendSms] = useState(true);
  const { outcome } = upload;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Importer des salariés"
        subtitle="Ajoutez tout votre personnel en une fois depuis un fichier CSV. Le fichier est importé en entier, ou pas du tout si une ligne est en erreur."
        actions={
          <Button
            variant="tertiary"
            to="/rh/employees/worked-days"
            label="Jours travaillés"
            icon={<IconCalendarStats aria-hidden="true" />}
            iconPosition="left"
          />
        }
      />

      <section className={cardClass} aria-labelledby="import-step-template">
        <h2 id="import-step-template" className="text-base font-semibold text-gray-900">
          1. Préparez le fichier
        </h2>
        <p className="text-sm text-gray-700">
          Téléchargez le modèle, ouvrez-le dans Excel et remplacez la ligne d'exemple par vos salariés (une
          ligne par personne), puis enregistrez-le au format CSV.
        </p>
        <TemplateButton kind="employees" />
        <ColumnsHelp
          columns={EMPLOYEE_IMPORT_COLUMNS}
          note="Le groupe doit déjà exister dans Groupes. Téléphone, CIN, e-mail et matricule ne doivent pas être déjà utilisés."
        />
      </section>

      <form noValidate onSubmit={(event) => upload.submit(event, { sendSms })} className={cardClass}>
        <h2 id="import-step-upload" className="text-base font-semibold text-gray-900">
          2. Envoyez-le
        </h2>
        <FilePicker
          label="Fichier CSV des salariés"
          file={upload.file}
          onFileChange={upload.pickFile}
          error={upload.fileError}
          disabled={upload.isPending}
        />
        <div className="flex items-start gap-3">
          <input
            id={smsId}
            type="checkbox"
            checked={sendSms}
            disabled={upload.isPending}
            onChange={(event) => setSendSms(event.target.checked)}
            aria-describedby={`${smsId}-hint`}
            className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand-600"
          />
          <div>
            <label htmlFor={smsId} className="text-sm font-medium text-gray-900">
              Envoyer les invitations par SMS
            </label>
            <p id={`${smsId}-hint`} className="text-sm text-gray-600">
              Chaque salarié reçoit un lien pour activer son compte et choisir son mot de passe (valable 7
              jours).
            </p>
          </div>
        </div>
        {upload.phase ? <UploadProgress phase={upload.phase} /> : null}
        <Button type="submit" label="Importer" loading={upload.isPending} className="sm:self-start" />
      </form>

      <ImportOutcome outcome={outcome} title="Résultat de l'import">
        {outcome?.kind === 'done' ? (
          <MessageBox severity="success" title={importedText(outcome.answer.created)}>
            <div className="flex flex-col gap-1">
              {outcome.answer.invitations_queued > 0 ? (
                <p>
                  Les invitations partent par SMS ({outcome.answer.invitations_queued.toLocaleString('fr-FR')}
                  ).
                </p>
              ) : null}
              {outcome.answer.ignored_columns.length > 0 ? (
                <p>Colonnes ignorées : {outcome.answer.ignored_columns.join(', ')}.</p>
              ) : null}
              <Link to="/rh/employees" className="font-medium underline">
                Voir la liste des salariés
              </Link>
            </div>
          </MessageBox>
        ) : null}
        {outcome?.kind === 'error' ? <MessageBox severity="danger">{outcome.message}</MessageBox> : null}
        {outcome?.kind === 'report' ? (
          <div className={cardClass}>
            <ImportReportTable report={outcome.report} columns={EMPLOYEE_IMPORT_COLUMNS} />
          </div>
        ) : null}
      </ImportOutcome>
    </div>
  );
}
