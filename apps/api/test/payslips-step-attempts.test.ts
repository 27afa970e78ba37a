import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payslipJobs, payslips } from '../src/db/schema/payslips.ts';
import type { JobQueue } from '../src/lib/jobs/job-queue.ts';
import type { FileStorage } from '../src/lib/storage.ts';
import {
  handleExtraction,
  PAYSLIP_STEP_MAX_ATTEMPTS,
  resumeExtractions,
  stepFailedMessage,
} from '../src/modules/payslips/extraction-jobs.ts';
import type { OpenJobs } from '../src/modules/payslips/extraction-step.ts';
import { createExtractionJob } from '../src/modules/payslips/upload.ts';
import { payrollCompany } from './payslips/payslip-test-kit.ts';
import { payrollPdfWithPdfLib } from './payslips/slip-pdf.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A step that fails for a lasting reason (here the slips' storage refuses every write) is counted
 * per resume point: after PAYSLIP_STEP_MAX_ATTEMPTS failures the job is `failed` with a French
 * error, instead of the queue's retries and the sweeps sending it again for ever. A step that
 * fails and then succeeds moves on with its count back to 0.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idle = { send: async () => {} } as unknown as JobQueue;
const quiet = { info: () => {}, warn: () => {} };

/** Storage whose slip writes fail while `failing()` says so (the upload itself is stored for real). */
function flakyStorage(failing: () => boolean): FileStorage {
  const real = t.ctx.storage;
  return {
    put: (data, options) =>
      options.prefix === 'payslips' && failing()
        ? Promise.reject(new Error('EACCES: permission denied'))
        : real.put(data, options),
    get: (key) => real.get(key),
    delete: (key) => real.delete(key),
  };
}

async function newJob(slips: number) {
  const c = await payrollCompany(t, slips);
  const data = await payrollPdfWithPdfLib(c.people.map((p) => ({ person: p.person, month: 11, year: 2026 })));
  const jobId = await createExtractionJob(
    { db: t.db, storage: t.ctx.storage, jobs: idle },
    {
      companyId: c.company.id,
      createdBy: c.rh.user.id,
      file: { fieldname: 'file', filename: 'paie.pdf', mimetype: 'application/pdf', data },
    },
  );
  return { c, jobId };
}

const jobRow = async (jobId: number) =>
  (await t.db.select().from(payslipJobs).where(eq(payslipJobs.id, jobId)))[0]!;

/**
 * Delivers the job's message as the queue (retries) and the sweeps would: again after each
 * failure, at most `limit` times. Returns how many deliveries it took to end without an error.
 */
async function deliverUntilSettled(run: () => Promise<void>, limit = 20): Promise<number> {
  for (let delivery = 1; delivery <= limit; delivery++) {
    try {
      await run();
      return delivery;
    } catch {
      // The queue would retry, or the sweep would send it again.
    }
  }
  return Number.POSITIVE_INFINITY;
}

describe('a pay-slip extraction step that keeps failing', () => {
  it(`is given up after ${PAYSLIP_STEP_MAX_ATTEMPTS} failures: the job is failed with a French error, and no longer resumed`, async () => {
    const { c, jobId } = await newJob(3);
    const deps = { db: t.db, storage: flakyStorage(() => true), chunkPages: 1 };
    const open: OpenJobs = new Map();
    const options = { closing: () => false, budgetMs: 60_000, sendNext: async () => {}, log: quiet };

    const deliveries = await deliverUntilSettled(() => handleExtraction(deps, open, jobId, options));
    expect(deliveries).toBe(PAYSLIP_STEP_MAX_ATTEMPTS);
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: 'failed', pagesRead: 0, stepAttempts: PAYSLIP_STEP_MAX_ATTEMPTS });
    expect(job.finishedAt).not.toBeNull();
    expect(job.error).toBe(stepFailedMessage(1, 3));
    expect(job.error).toMatch(
      /^L'extraction s'est arrêtée aux pages 1 à 3 : leur traitement a échoué 5 fois/,
    );
    expect(open.has(jobId)).toBe(false);
    expect(await t.db.select().from(payslips).where(eq(payslips.jobId, jobId))).toEqual([]);

    // HR reads it on the job screen.
    const res = await t.app.inject({ url: `/api/fiches/jobs/${jobId}/`, headers: c.hr });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', error: stepFailedMessage(1, 3) });

    // Neither a restart nor the sweep sends it again, and a late delivery does nothing.
    const sent: number[] = [];
    const recorder = { send: async (_name: string, data: { jobId: number }) => void sent.push(data.jobId) };
    await resumeExtractions({ db: t.db, jobs: recorder as unknown as JobQueue }, { staleOnly: false });
    expect(sent).not.toContain(jobId);
    await handleExtraction(deps, open, jobId, options);
    expect(await jobRow(jobId)).toMatchObject({ status: 'failed', stepAttempts: PAYSLIP_STEP_MAX_ATTEMPTS });
  });

  it('still finishes when a step fails once and then succeeds', async () => {
    const { jobId } = await newJob(2);
    let failures = 1;
    const deps = { db: t.db, storage: flakyStorage(() => failures-- > 0), chunkPages: 1 };
    const open: OpenJobs = new Map();
    const options = { closing: () => false, budgetMs: 60_000, sendNext: async () => {}, log: quiet };

    await expect(handleExtraction(deps, open, jobId, options)).rejects.toThrow(/EACCES/);
    expect(await jobRow(jobId)).toMatchObject({ status: 'in_progress', pagesRead: 0, stepAttempts: 1 });
    await handleExtraction(deps, open, jobId, options);
    expect(await jobRow(jobId)).toMatchObject({
      status: 'finished',
      pagesRead: 2,
      stepAttempts: 0,
      error: null,
    });
    expect(await t.db.select().from(payslips).where(eq(payslips.jobId, jobId))).toHaveLength(2);
  });

  it('counts failures per step: the count starts again when the resume point moves', async () => {
    const { jobId } = await newJob(2);
    // Each step fails one time fewer than the limit, then succeeds: never given up.
    let failuresLeft = PAYSLIP_STEP_MAX_ATTEMPTS - 1;
    const deps = {
      db: t.db,
      storage: flakyStorage(() => failuresLeft-- > 0),
      chunkPages: 1,
    };
    const open: OpenJobs = new Map();
    const sendNext = async (_id: number, from: number) => {
      expect(await jobRow(jobId)).toMatchObject({ pagesRead: from, stepAttempts: 0 });
      failuresLeft = PAYSLIP_STEP_MAX_ATTEMPTS - 1;
    };
    // A budget of 0: one step per delivery, the next one handed to the queue.
    const options = { closing: () => false, budgetMs: 0, sendNext, log: quiet };

    expect(await deliverUntilSettled(() => handleExtraction(deps, open, jobId, options))).toBe(
      PAYSLIP_STEP_MAX_ATTEMPTS,
    );
    expect(await jobRow(jobId)).toMatchObject({ status: 'in_progress', pagesRead: 1, stepAttempts: 0 });
    expect(await deliverUntilSettled(() => handleExtraction(deps, open, jobId, options))).toBe(
      PAYSLIP_STEP_MAX_ATTEMPTS,
    );
    expect(await jobRow(jobId)).toMatchObject({ status: 'finished', pagesRead: 2, stepAttempts: 0 });
  });
});
