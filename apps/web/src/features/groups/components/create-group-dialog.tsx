import type { TGroup } from '@tasbiq/contracts/groups';
import { GROUP_FIELD_MESSAGES_FR, ZCreateGroupFields } from '@tasbiq/contracts/groups';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { csvFileProblem, FilePicker } from '../../../components/ui/file-picker.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { fieldErrors } from '../../../lib/errors/error-message.ts';
import { applyServerErrors } from '../../shared/forms/apply-server-errors.ts';
import { frenchZodResolver } from '../../shared/forms/french-zod-resolver.ts';
import { useCreateGroupMutation } from '../api/create-group.ts';
import { UploadReport, uploadReportOf } from './upload-report.tsx';

const LABELS = { name: 'Nom du groupe', file: 'Membres (fichier CSV des CIN, facultatif)' } as const;

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
    const problem = picked ? csvFileProblem(picked) : null;
    setFileError(problem);
    setFile(problem ? null : picked);
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
          const general = applyServerErrors(error, setError, ['name'], {}, GROUP_FIELD_MESSAGES_FR);
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
        <FilePicker
          label={LABELS.file}
          showLabel
          description="Un numéro de CIN par ligne, avec ou sans en-tête (CSV d'Excel accepté). Les salariés listés rejoignent ce groupe ; rien n'est modifié si une ligne est en erreur."
          file={file}
          onFileChange={pickFile}
          error={fileError}
          disabled={create.isPending}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" label="Annuler" onClick={() => onOpenChange(false)} />
          <Button type="submit" label="Créer le groupe" loading={create.isPending} />
        </div>
      </form>
    </Modal>
  );
}
