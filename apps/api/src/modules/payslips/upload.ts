/**
 * POST /fiches/jobs/: the payroll PDF is checked by content (its first bytes, then both PDF
 * libraries open it) before anything is written, so HR learns at once that a file is not a PDF
 * (FICHES_INVALID_FILE_TYPE) or is encrypted, cut or broken (FICHES_EXTRACTION_ERROR with the
 * reason). Then the file is stored, the job row written and the first step queued after the commit.
 */
import { PAYSLIP_UPLOAD_MAX_PAGES } from '@tasbiq/contracts/payslips';
import type { AppContext } from '../../context.ts';
import { payslipJobs } from '../../db/schema/payslips.ts';
import { fieldError } from '../../lib/errors.ts';
import { sniffFileType, type UploadedFile } from '../../lib/multipart-form.ts';
import { openPdf, PdfUnreadable } from '../../lib/pdf/pdf-document.ts';
import { sendExtractionStep } from './extraction-jobs.ts';

export async function createExtractionJob(
  ctx: Pick<AppContext, 'db' | 'storage' | 'jobs'>,
  input: { companyId: number; createdBy: number; file: UploadedFile | undefined },
): Promise<number> {
  const { file } = input;
  if (!file || file.data.length === 0)
    throw fieldError('file', 'required', 'le champ "Fichier" est obligatoire');
  if (sniffFileType(file.data)?.contentType !== 'application/pdf')
    throw fieldError('file', 'FICHES_INVALID_FILE_TYPE');
  let pageCount: number;
  try {
    const pdf = await openPdf(file.data);
    pageCount = pdf.pageCount;
    await pdf.close();
  } catch (error) {
    if (error instanceof PdfUnreadable) throw fieldError('file', 'FICHES_EXTRACTION_ERROR', error.message);
    throw error;
  }
  if (pageCount > PAYSLIP_UPLOAD_MAX_PAGES)
    throw fieldError(
      'file',
      'FICHES_EXTRACTION_ERROR',
      `Le fichier compte ${pageCount} pages : ${PAYSLIP_UPLOAD_MAX_PAGES} au plus par envoi. Découpez-le en plusieurs fichiers.`,
    );
  const fileKey = await ctx.storage.put(file.data, { prefix: 'payslip-uploads', extension: 'pdf' });
  let jobId: number;
  try {
    const [row] = await ctx.db
      .insert(payslipJobs)
      .values({
        companyId: input.companyId,
        createdBy: input.createdBy,
        fileKey,
        fileName: file.filename.slice(0, 200) || 'fiches.pdf',
        pagesTotal: pageCount,
      })
      .returning({ id: payslipJobs.id });
    jobId = row!.id;
  } catch (error) {
    await ctx.storage.delete(fileKey);
    throw error;
  }
  await sendExtractionStep(ctx.jobs, jobId, 0);
  return jobId;
}
