import { RECEIPT_MAX_BYTES } from '@tasbiq/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { readMultipartForm } from './multipart-form.ts';

export type UploadedCsv = { fieldName: string; fileName: string; data: Buffer };
export type CsvForm = { file: UploadedCsv | null; fields: Record<string, string> };

const tooLarge = (attr: string | null) => new AppError('payload_too_large', { status: 413, attr });

/**
 * A multipart form carrying one CSV file (under any of `fileFields`) and text fields, read with
 * the shared multipart reader; other file fields are ignored. 10 MB at most, answered 413.
 */
export async function readCsvForm(request: FastifyRequest, fileFields: readonly string[]): Promise<CsvForm> {
  const form = await readMultipartForm(request, {
    maxFiles: 5,
    maxFileBytes: RECEIPT_MAX_BYTES,
    tooManyFiles: () => tooLarge(null),
    fileTooLarge: (fieldname) => tooLarge(fieldname),
  });
  const file = form.files.find((f) => fileFields.includes(f.fieldname));
  return {
    file: file ? { fieldName: file.fieldname, fileName: file.filename, data: file.data } : null,
    fields: form.fields,
  };
}
