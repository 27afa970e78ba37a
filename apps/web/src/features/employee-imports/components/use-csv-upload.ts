import type { UseMutationResult } from '@tanstack/react-query';
import type { TImportReport } from '@tasbiq/contracts/employee-imports';
import { type FormEvent, useState } from 'react';
import { csvFileProblem } from '../../../components/ui/file-picker.tsx';
import { errorMessage, fieldErrors } from '../../../lib/errors/error-message.ts';
import type { UploadCallbacks } from '../api/upload-with-progress.ts';
import { useUploadPhase } from '../use-upload-phase.ts';
import { importReportOf } from './import-report.tsx';

/** What the last upload ended with: the API's answer, the lines to fix, or an error message. */
export type CsvUploadOutcome<TAnswer> =
  | { kind: 'done'; answer: TAnswer }
  | { kind: 'report'; report: TImportReport }
  | { kind: 'error'; message: string };

type UploadVariables = { file: File } & UploadCallbacks;

/**
 * The CSV upload flow shared by the import screens: pick a file (checked on the spot), send it
 * with a progress bar (uploading → processing), then either the answer, the report of the lines
 * to fix, an error on the file field, or a general error. A report stays shown while another
 * file is picked; the file is cleared once accepted.
 */
export function useCsvUpload<TAnswer, TVariables extends UploadVariables>({
  mutation,
  missingFileMessage,
  fileField,
}: {
  mutation: UseMutationResult<TAnswer, Error, TVariables>;
  /** Shown on the file field when the form is sent without a file. */
  missingFileMessage: string;
  /** The multipart field whose server-side error goes on the file picker. */
  fileField: string;
}) {
  const progress = useUploadPhase();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CsvUploadOutcome<TAnswer> | null>(null);

  const pickFile = (picked: File | null) => {
    setFile(picked);
    setFileError(picked ? csvFileProblem(picked) : null);
    if (outcome?.kind !== 'report') setOutcome(null);
  };

  /** The form's submit: `extra` is everything the upload needs besides the file and callbacks. */
  const submit = (event: FormEvent, extra: Omit<TVariables, keyof UploadVariables>) => {
    event.preventDefault();
    if (!file) {
      setFileError(missingFileMessage);
      return;
    }
    if (csvFileProblem(file)) return;
    setOutcome(null);
    progress.start();
    mutation.mutate({ ...extra, file, ...progress.callbacks } as TVariables, {
      onSuccess: (answer) => {
        setOutcome({ kind: 'done', answer });
        setFile(null);
      },
      onError: (error) => {
        const report = importReportOf(error);
        const onFile = fieldErrors(error)[fileField];
        if (report) setOutcome({ kind: 'report', report });
        else if (onFile) setFileError(onFile);
        else setOutcome({ kind: 'error', message: errorMessage(error) });
      },
      onSettled: () => progress.stop(),
    });
  };

  return { file, fileError, outcome, phase: progress.phase, pickFile, submit, isPending: mutation.isPending };
}
