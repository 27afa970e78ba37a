import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import type { TIdentityParseResponse } from '@tasbiq/contracts/signup';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { csvFileProblem, FilePicker } from '../../../components/ui/file-picker.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useCreateIdentitiesMutation } from '../api/create-identities.ts';
import { useParseIdentityFileMutation } from '../api/parse-identity-file.ts';
import { IDENTITY_TEMPLATE_CSV, IDENTITY_TEMPLATE_NAME } from '../format.ts';
import { IdentityPreviewTable } from './identity-preview-table.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** Some errors carry what to fix in `detail` (which columns are missing): shown under the message. */
function uploadErrorDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const first = error.errors[0];
  return first?.code === 'CSV_MISSING_COLUMNS' ? first.detail : null;
}

/**
 * Upload a CSV → preview with each row's problems → create the valid rows in one all-or-nothing
 * call. Rows in error are left out, and the screen says so before the button is pressed.
 */
export function IdentityUpload() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const parse = useParseIdentityFileMutation();
  const create = useCreateIdentitiesMutation();
  const [preview, setPreview] = useState<TIdentityParseResponse | null>(null);
  const [createdCount, setCreatedCount] = useState<number | null>(null);
  const templateHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(IDENTITY_TEMPLATE_CSV)}`,
    [],
  );

  /** A new file is previewed at once (nothing is created before the confirmation). */
  const onFile = (picked: File | null) => {
    setFile(picked);
    setPreview(null);
    setCreatedCount(null);
    create.reset();
    parse.reset();
    const problem = picked ? csvFileProblem(picked) : null;
    setFileError(problem);
    if (!picked || problem) return;
    parse.mutate(picked, { onSuccess: setPreview });
  };

  const clear = () => {
    setFile(null);
    setFileError(null);
    setPreview(null);
    parse.reset();
    create.reset();
  };

  const validRows = preview?.rows.filter((row) => row.errors.length === 0) ?? [];

  const onCreate = () => {
    create.mutate(
      { identities: validRows.map((row) => ({ serial: row.serial, birthday: row.birthday ?? '' })) },
      {
        onSuccess: ({ created }) => {
          setCreatedCount(created);
          setFile(null);
          setPreview(null);
          parse.reset();
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-gray-900">
        Importer des identités
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Un fichier CSV avec les colonnes <code className="font-mono">matricule</code> et{' '}
        <code className="font-mono">date_naissance</code> (jj/mm/aaaa), tel qu'Excel l'enregistre. Rien n'est
        créé avant votre confirmation.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <div className="flex-1">
          <FilePicker
            label="Fichier des identités (CSV)"
            showLabel
            file={file}
            onFileChange={onFile}
            error={fileError}
            disabled={parse.isPending || create.isPending}
          />
        </div>
        <a
          href={templateHref}
          download={IDENTITY_TEMPLATE_NAME}
          className="inline-flex h-11 items-center gap-2 self-start rounded-xl px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <IconDownload aria-hidden="true" className="size-5" />
          Télécharger le modèle
        </a>
      </div>

      <div className="mt-4 flex flex-col gap-4" aria-live="polite">
        {parse.isPending ? (
          <p className="inline-flex items-center gap-2 text-sm text-gray-600">
            <IconFileUpload aria-hidden="true" className="size-5" />
            Lecture du fichier…
          </p>
        ) : null}
        {parse.isError ? (
          <MessageBox severity="danger" title={errorMessage(parse.error)}>
            {uploadErrorDetail(parse.error)}
          </MessageBox>
        ) : null}
        {createdCount !== null ? (
          <MessageBox severity="success">
            {plural(createdCount, 'identité créée', 'identités créées')}. Les personnes concernées peuvent
            maintenant s'inscrire avec le lien de votre société.
          </MessageBox>
        ) : null}
        {preview ? (
          <>
            <p className="text-sm text-gray-800">
              <strong>{plural(preview.valid_count, 'ligne valide', 'lignes valides')}</strong>
              {preview.error_count > 0 ? (
                <>
                  {', '}
                  <strong className="text-red-700">
                    {plural(preview.error_count, 'ligne en erreur', 'lignes en erreur')}
                  </strong>
                </>
              ) : null}
              .
            </p>
            <IdentityPreviewTable rows={preview.rows} />
            {preview.error_count > 0 && preview.valid_count > 0 ? (
              <MessageBox severity="warning">
                Les lignes en erreur ne seront pas créées. Corrigez-les dans le fichier et importez-le à
                nouveau si besoin.
              </MessageBox>
            ) : null}
            {preview.valid_count === 0 ? (
              <MessageBox severity="warning">
                Aucune ligne valide : rien à créer. Corrigez le fichier et importez-le à nouveau.
              </MessageBox>
            ) : null}
            {create.isError ? <MessageBox severity="danger">{errorMessage(create.error)}</MessageBox> : null}
            <div className="flex flex-col gap-2 sm:flex-row">
              {/* Never "Créer 0 identité": with nothing valid there is nothing to offer. */}
              {preview.valid_count > 0 ? (
                <Button
                  label={`Créer ${plural(preview.valid_count, 'identité', 'identités')}`}
                  loading={create.isPending}
                  onClick={onCreate}
                />
              ) : null}
              <Button variant="tertiary" label="Annuler" onClick={clear} />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
