import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import type { TGroup } from '@tasbiq/contracts/groups';
import { ZCreateGroupFields } from '@tasbiq/contracts/groups';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, inputClassName } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { fieldErrors } from '../../../lib/errors/error-message.ts';
import { shortenFileName } from '../../../lib/format/file-name.ts';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCreateGroupMutation } from '../api/create-group.ts';
import { UploadReport, uploadReportOf } from './upload-report.tsx';

const LABELS = { name: 'Nom du groupe', file: 'Membres (fichier CSV des CIN, facultatif)' } as const;
const MAX_FILE_BYTES = 10 * 1024 * 1024;

type Values = { name: string };

type CreateGroupDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (group: TGroup) => void;
};

/**
 * A new group: its name and, optionally, a CSV of its members' CINs (one per line, header optional).
 * A file with unknown CINs is refused as a whole; the lines to fix are listed here.
 */
export function CreateGroupDialog({ open, onOpenChange, onCreated }: CreateGroupDialogProps) {
  const create = useCreateGroupMutation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [report, setReport] = useState<ReturnType<typeof uploadReportOf>>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: frenchZodResolver(ZCreateGroupFields, LABELS),
    defaultValues: { name: '' },
  });

  const pickFile = (picked: File | null) => {
    setReport(null);
    setFormError(null);
    if (picked && !/\.csv$/i.test(picked.name)) {
      setFile(null);
      setFileError(ERROR_MESSAGES_FR.INVALID_FILE ?? null);
      return;
    }
    if (picked && picked.size > MAX_FILE_BYTES) {
      setFile(null);
      setFileError(ERROR_MESSAGES_FR.payload_too_large ?? null);
      return;
    }
    setFileError(null);
    setFile(picked);
  };

  const onSubmit = handleSubmit((values) => {
    if (fileError) return;
    setFormError(null);
    setReport(null);
    create.mutate(
      { name: values.name, file },
      {
        onSuccess: (group) => onCreated(group),
        onError: (error) => {
          setReport(uploadReportOf(error));
          // A refused file (not a CSV, empty) is said beside the file input, the rest at the top.
          const fileProblem = fieldErrors(error).file ?? null;
          setFileError(fileProblem);
          const general = applyServerErrors(error, setError, ['name']);
          setFormError(general === fileProblem ? null : general);
        },
      },
    );
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Nouveau groupe" className="sm:max-w-xl">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <MessageBox severity="danger">{formError}</MessageBox> : null}
        {report ? <UploadReport report={report} /> : null}
        <FormField
          label={LABELS.name}
          required
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          label={LABELS.file}
          error={fileError ?? undefined}
          hint="Un numéro de CIN par ligne, avec ou sans en-tête (CSV d'Excel accepté). Les salariés listés rejoignent ce groupe ; rien n'est modifié si une ligne est en erreur."
        >
          {(control) => (
            <div className="flex flex-col gap-1.5">
              <input
                {...control}
                type="file"
                accept=".csv,text/csv"
                className={`${inputClassName} file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700`}
                onChange={(event) => pickFile(event.target.files?.[0] ?? null)}
              />
              {file ? (
                <p className="text-sm text-gray-700" title={file.name}>
                  Fichier choisi : {shortenFileName(file.name)}
                </p>
              ) : null}
            </div>
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button type="submit" label="Créer le groupe" loading={create.isPending} />
        </div>
      </form>
    </Modal>
  );
}
