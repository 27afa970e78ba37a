import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { RequestValidationError } from './validation.ts';

export const MALFORMED_FORM_DETAIL =
  'Le formulaire envoyé est illisible : envoyez-le en multipart/form-data avec ses fichiers.';

export type UploadedFile = { fieldname: string; filename: string; mimetype: string; data: Buffer };
export type MultipartForm = { fields: Record<string, string>; files: UploadedFile[] };

export type MultipartFormOptions = {
  /** Most files accepted; one more is refused with `tooManyFiles()`. */
  maxFiles: number;
  /** Largest file accepted, in bytes; a larger one is refused with `fileTooLarge(field)`. */
  maxFileBytes: number;
  tooManyFiles: () => AppError;
  fileTooLarge: (fieldname: string) => AppError;
};

const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';
const FILES_LIMIT = 'FST_FILES_LIMIT';

/**
 * Reads a whole multipart form into memory: text fields by name (the last one wins) and files as
 * buffers. Limits are enforced while streaming, so an oversized upload is cut short, and answered
 * with the caller's own field errors rather than a bare 413.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: MultipartFormOptions,
): Promise<MultipartForm> {
  const fields: Record<string, string> = Object.create(null);
  const files: UploadedFile[] = [];
  let currentField = 'file';
  try {
    // One more file than allowed gets through busboy so we can name the error ourselves.
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles + 1, fields: 50, parts: 100 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      currentField = part.fieldname;
      if (files.length >= options.maxFiles) {
        part.file.resume();
        throw options.tooManyFiles();
      }
      const data = await part.toBuffer();
      files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === FILE_TOO_LARGE) throw options.fileTooLarge(currentField);
    if (code === FILES_LIMIT) throw options.tooManyFiles();
    // busboy's own refusals (no boundary, a cut or malformed body) carry no HTTP status: the
    // client sent a broken form, not a server fault (they answered 500).
    if (!(error instanceof AppError) && (error as { statusCode?: number }).statusCode === undefined)
      throw new RequestValidationError([
        { code: 'invalid', detail: MALFORMED_FORM_DETAIL, attr: 'non_field_errors' },
      ]);
    throw error;
  }
  return { fields: { ...fields }, files };
}

/** What a file really is, from its first bytes (never from its name or the browser's claim). */
export type SniffedType = { contentType: string; extension: string };

export function sniffFileType(data: Buffer): SniffedType | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-')
    return { contentType: 'application/pdf', extension: 'pdf' };
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { contentType: 'image/png', extension: 'png' };
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
}

/**
 * `Content-Disposition: attachment` for a user-given name: an ASCII fallback (no quotes, slashes
 * or control characters) plus the exact name in RFC 5987 form for browsers that read it.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\/;]/g, '_')
      .trim() || 'fichier';
  // RFC 5987 attr-char excludes ' ( ) * which encodeURIComponent leaves alone.
  const extended = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extended}`;
}
