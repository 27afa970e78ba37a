import { PAYSLIP_UNMATCHED_REASONS, type TPayslip } from '@tasbiq/contracts/payslips';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payslipJobs } from '../src/db/schema/payslips.ts';
import type { JobQueue } from '../src/lib/jobs/job-queue.ts';
import { openPdf } from '../src/lib/pdf/pdf-document.ts';
import { loadDirectory, type OpenJobs, runExtractionStep } from '../src/modules/payslips/extraction-step.ts';
import { createExtractionJob } from '../src/modules/payslips/upload.ts';
import { payrollCompany } from './payslips/payslip-test-kit.ts';
import { payrollPdfWithPdfLib } from './payslips/slip-pdf.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Pages whose text and image cannot be taken out of the PDF (pdf.js or the image decoder throws on
 * them), or that pdf-lib cannot copy: the job still finishes, those pages become unmatched slips
 * marked unreadable with a French reason, instead of the step failing on every retry.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const broken = () => Promise.reject(new Error('Invalid stream: unexpected end of data'));

describe('a payroll PDF with unreadable pages', () => {
  it('finishes, the readable slip matched, the others unmatched as unreadable with their reason', async () => {
    const c = await payrollCompany(t, 1);
    const data = await payrollPdfWithPdfLib([
      { person: c.people[0]!.person, month: 11, year: 2026 },
      { scanned: true },
      { scanned: true },
    ]);
    // The queue is left out: this test runs the step itself, on a PDF whose pages 2 and 3 break.
    const idle = { send: async () => {} } as unknown as JobQueue;
    const jobId = await createExtractionJob(
      { db: t.db, storage: t.ctx.storage, jobs: idle },
      {
        companyId: c.company.id,
        createdBy: c.rh.user.id,
        file: { fieldname: 'file', filename: 'paie.pdf', mimetype: 'application/pdf', data },
      },
    );
    const pdf = await openPdf(data);
    const open: OpenJobs = new Map([
      [
        jobId,
        {
          pdf: {
            ...pdf,
            pageText: (n) => (n === 1 ? pdf.pageText(n) : broken()),
            pageImage: (n) => (n === 1 ? pdf.pageImage(n) : broken()),
            copyPages: (first, count) => (first === 3 ? broken() : pdf.copyPages(first, count)),
          },
          directory: await loadDirectory(t.db, c.company.id),
        },
      ],
    ]);
    const deps = { db: t.db, storage: t.ctx.storage, chunkPages: 50 };
    expect(await runExtractionStep(deps, open, jobId)).toEqual({ status: 'done' });

    const [job] = await t.db.select().from(payslipJobs).where(eq(payslipJobs.id, jobId));
    expect(job).toMatchObject({ status: 'finished', pagesRead: 3 });
    const res = await t.app.inject({ url: `/api/fiches/jobs/${jobId}/fiches/?limit=10`, headers: c.hr });
    const slips = res.json().results as TPayslip[];
    expect(slips.map((s) => [s.first_page, s.status, s.unmatched_reason])).toEqual([
      [1, 'pending', null],
      [2, 'unmatched', 'unreadable'],
      [3, 'unmatched', 'unreadable'],
    ]);
    expect(PAYSLIP_UNMATCHED_REASONS.unreadable).toMatch(/^Page illisible/);
    // The page pdf-lib could not copy has a stand-in saying where it is in the original file.
    const stand = await t.app.inject({ url: `/api/fiches/${slips[2]!.id}/download/`, headers: c.hr });
    expect(stand.statusCode).toBe(200);
    const text = await (await openPdf(stand.rawPayload)).pageText(1);
    expect(text.lines.join(' ')).toMatch(/Page 3 du fichier d'origine : illisible/);
  });
});
