import type { TPayslip } from '@tasbiq/contracts/payslips';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { payslipJobs, payslips } from '../src/db/schema/payslips.ts';
import { payrollCompany, upload } from './payslips/payslip-test-kit.ts';
import {
  dh,
  noisePng,
  type PageSpec,
  payrollPdfWithPdfKit,
  payrollPdfWithPdfLib,
  slipFigures,
} from './payslips/slip-pdf.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wire = (centimes: number) => (centimes / 100).toFixed(2);

async function uploadAndFinish(headers: Record<string, string>, pdf: Buffer) {
  const res = await upload(t, headers, pdf);
  expect(res.statusCode, res.body).toBe(201);
  await t.ctx.jobs.drain();
  const job = await t.app.inject({ url: `/api/fiches/jobs/${res.json().id}/`, headers });
  const slips = await t.app.inject({ url: `/api/fiches/jobs/${res.json().id}/fiches/?limit=100`, headers });
  return { created: res.json(), job: job.json(), slips: slips.json().results as TPayslip[] };
}

describe.each([
  ['pdf-lib', payrollPdfWithPdfLib],
  ['pdfkit', payrollPdfWithPdfKit],
] as const)('a payroll PDF written by %s', (_producer, make) => {
  it('is cut into one slip per employee, matched by CIN and matricule, with period and figures', async () => {
    const c = await payrollCompany(t, 3);
    const [salma, youssef, khadija] = c.people.map((p) => p.person);
    const pages: PageSpec[] = [
      { person: salma!, month: 11, year: 2026, pages: 2, gross: 12_000 },
      { person: { ...youssef!, cin: null }, month: 11, year: 2026, withName: false },
      {
        person: { firstName: 'Inconnu', lastName: 'Externe', cin: 'ZZ999999', serial: null },
        month: 11,
        year: 2026,
      },
      { scanned: true },
      { person: { ...khadija!, serial: null }, month: 11, year: 2026, gross: 6_500 },
    ];
    const { created, job, slips } = await uploadAndFinish(c.hr, await make(pages));
    expect(created).toMatchObject({ status: 'in_progress', pages_total: 6, finished: false });
    expect(job).toMatchObject({
      status: 'finished',
      finished: true,
      pages_read: 6,
      found: 5,
      matched: 3,
      unmatched: 2,
    });

    expect(slips.map((s) => [s.first_page, s.pages, s.status, s.match, s.confidence])).toEqual([
      [1, 2, 'pending', 'cin_matricule', 100],
      [3, 1, 'pending', 'matricule', 90],
      [4, 1, 'unmatched', null, 0],
      [5, 1, 'unmatched', null, 0],
      [6, 1, 'pending', 'cin', 95],
    ]);
    expect(slips[0]!.employee?.id).toBe(c.people[0]!.employee?.id);
    expect(slips[1]!.employee?.id).toBe(c.people[1]!.employee?.id);
    expect(slips[4]!.employee?.id).toBe(c.people[2]!.employee?.id);
    expect(slips[2]).toMatchObject({ unmatched_reason: 'unknown_identity', read: { cin: 'ZZ999999' } });
    expect(slips[3]).toMatchObject({ unmatched_reason: 'scanned', scanned: true });
    for (const slip of slips.filter((s) => !s.scanned)) expect([slip.month, slip.year]).toEqual([11, 2026]);

    const f = slipFigures(12_000);
    expect(slips[0]!.figures).toEqual({
      gross: wire(f.gross),
      net: wire(f.net),
      cnss: wire(f.cnss),
      amo: wire(f.amo),
      ir: wire(f.ir),
    });
    expect(slips[4]!.figures.net).toBe(wire(slipFigures(6_500).net));

    // Each slip's file is a PDF of its own pages, copied (its text is the slip's text).
    const [row] = await t.db.select().from(payslips).where(eq(payslips.id, slips[0]!.id));
    const file = await t.ctx.storage.get(row!.fileKey);
    const { openPdf } = await import('../src/lib/pdf/pdf-document.ts');
    const pdf = await openPdf(file);
    expect(pdf.pageCount).toBe(2);
    expect((await pdf.pageText(2)).lines.join('\n')).toContain(dh(f.net));
    await pdf.close();
  });
});

describe('files that are not a readable PDF', () => {
  it('are refused by content, with the reason in French, and no job is created', async () => {
    const c = await payrollCompany(t, 1);
    const slip: PageSpec = { person: c.people[0]!.person, month: 11, year: 2026 };
    const good = await payrollPdfWithPdfLib([slip, slip]);
    const cases: Array<[Buffer, string, RegExp]> = [
      [Buffer.from('Matricule;CIN\nM1;AB1\n'), 'FICHES_INVALID_FILE_TYPE', /PDF/],
      [Buffer.from('%PNG fake'), 'FICHES_INVALID_FILE_TYPE', /PDF/],
      [await payrollPdfWithPdfKit([slip], { password: 'secret' }), 'FICHES_EXTRACTION_ERROR', /mot de passe/],
      [good.subarray(0, Math.floor(good.length / 2)), 'FICHES_EXTRACTION_ERROR', /incomplet/],
      [
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')]),
        'FICHES_EXTRACTION_ERROR',
        /endommagé/,
      ],
    ];
    for (const [data, code, detail] of cases) {
      const res = await upload(t, c.hr, data);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        code,
        attr: 'file',
        detail: expect.stringMatching(detail),
      });
    }
    const jobs = await t.app.inject({ url: '/api/fiches/jobs/', headers: c.hr });
    expect(jobs.json().count).toBe(0);
  });

  it('take up to 40 MB: a 12 MB payroll file is accepted, a larger one refused by its size', async () => {
    const c = await payrollCompany(t, 1);
    const heavy = await payrollPdfWithPdfLib([
      { person: c.people[0]!.person, month: 11, year: 2026, logo: noisePng(3500, 3500) },
    ]);
    expect(heavy.length).toBeGreaterThan(12 * 1024 * 1024);
    const accepted = await upload(t, c.hr, heavy);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const tooLarge = await upload(t, c.hr, Buffer.concat([heavy, Buffer.alloc(29 * 1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors[0]).toMatchObject({ attr: 'file', code: 'FICHES_FILE_TOO_LARGE' });
    await t.ctx.jobs.drain();
  }, 60_000);

  it('only HR of a company with the fiches feature may upload', async () => {
    const c = await payrollCompany(t, 1);
    const { bearerFor } = await import('./auth-helpers.ts');
    const pdf = await payrollPdfWithPdfLib([{ person: c.people[0]!.person, month: 11, year: 2026 }]);
    const employee = await bearerFor(t, c.people[0]!.user.id);
    expect((await upload(t, employee, pdf)).statusCode).toBe(403);
  });
});

describe('a second upload of the same period', () => {
  it('replaces the slips still awaiting HR and says how many', async () => {
    const c = await payrollCompany(t, 2);
    const pages: PageSpec[] = c.people.map((p) => ({ person: p.person, month: 10, year: 2026 }));
    const first = await uploadAndFinish(c.hr, await payrollPdfWithPdfLib(pages));
    const second = await uploadAndFinish(c.hr, await payrollPdfWithPdfKit(pages));
    expect(second.job).toMatchObject({ found: 2, matched: 2, replaced: 2, already_approved: 0 });
    const before = await t.app.inject({ url: `/api/fiches/jobs/${first.job.id}/fiches/`, headers: c.hr });
    expect(before.json().results.map((s: { status: string }) => s.status)).toEqual(['replaced', 'replaced']);
  });
});

describe('a 500-page payroll file', () => {
  it('gives 250 two-page slips, all matched, in page order', async () => {
    const c = await payrollCompany(t, 250);
    const pages: PageSpec[] = c.people.map((p, i) => ({
      person: p.person,
      month: 11,
      year: 2026,
      pages: 2,
      gross: 5_000 + i,
    }));
    const pdf = await payrollPdfWithPdfLib(pages);
    const { job } = await uploadAndFinish(c.hr, pdf);
    expect(job).toMatchObject({
      status: 'finished',
      pages_total: 500,
      pages_read: 500,
      found: 250,
      matched: 250,
      unmatched: 0,
    });
    const rows = await t.db.select().from(payslips).where(eq(payslips.jobId, job.id));
    expect(new Set(rows.map((r) => r.employeeId)).size).toBe(250);
    expect(rows.every((r) => r.pageCount === 2 && r.netCentimes !== null)).toBe(true);
  }, 120_000);
});

describe('a worker stopped in the middle of a job', () => {
  it('resumes on restart where it stopped, and writes no slip twice', async () => {
    const small = await createTestApp({ PAYSLIP_CHUNK_PAGES: 4 });
    try {
      const c = await payrollCompany(small, 12);
      const pages: PageSpec[] = c.people.map((p, i) => ({
        person: p.person,
        month: 11,
        year: 2026,
        pages: i % 3 === 0 ? 2 : 1,
      }));
      const res = await upload(small, c.hr, await payrollPdfWithPdfKit(pages));
      expect(res.statusCode).toBe(201);
      const jobId = res.json().id as number;
      // Stop the server (its queue with it): the step under way finishes, nothing new starts.
      await small.app.close();
      const [paused] = await small.db.select().from(payslipJobs).where(eq(payslipJobs.id, jobId));
      expect(paused!.status).toBe('in_progress');
      expect(paused!.pagesRead).toBeGreaterThan(0);
      expect(paused!.pagesRead).toBeLessThan(16);

      // A new process on the same database and files picks the job up at start.
      const restarted = await buildApp({
        config: small.ctx.config,
        database: small.ctx.database,
        logger: false,
      });
      await restarted.app.ready();
      await restarted.ctx.jobs.drain();
      const done = await restarted.app.inject({ url: `/api/fiches/jobs/${jobId}/`, headers: c.hr });
      expect(done.json()).toMatchObject({ status: 'finished', pages_read: 16, found: 12, matched: 12 });
      const rows = await small.db.select().from(payslips).where(eq(payslips.jobId, jobId));
      expect(rows).toHaveLength(12);
      expect(new Set(rows.map((r) => r.employeeId)).size).toBe(12);
      expect(rows.map((r) => r.firstPage).sort((a, b) => a - b)).toEqual(
        [...new Set(rows.map((r) => r.firstPage))].sort((a, b) => a - b),
      );
      await restarted.app.close();
    } finally {
      await small.close();
    }
  }, 60_000);
});
