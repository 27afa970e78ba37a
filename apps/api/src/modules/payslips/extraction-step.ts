/**
 * One step of an extraction job: read the next pages of the payroll PDF (at least
 * PAYSLIP_CHUNK_PAGES, up to the start of the next slip), cut them into slips, write one PDF per
 * slip, and in one transaction insert the slips and move the job's resume point past them.
 * The resume point is checked under the job's row lock, so two workers on the same step (a
 * restart, a retry, two processes) write it once: the loser's files are deleted (decision 034).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { payslipJobs, payslips } from '../../db/schema/payslips.ts';
import { OcrError } from '../../lib/ocr/errors.ts';
import { recognize } from '../../lib/ocr/recognize.ts';
import { type OpenedPdf, openPdf, PdfUnreadable } from '../../lib/pdf/pdf-document.ts';
import { continues, type PageGroup, type ReadPage } from './group-pages.ts';
import { buildDirectory, type EmployeeDirectory, type MatchResult, matchPage } from './match-employee.ts';
import { readSlipPage, type SlipFigures, type SlipPage } from './read-slip-page.ts';

export type ExtractionDeps = Pick<AppContext, 'db' | 'storage'> & { chunkPages: number };
type Deps = ExtractionDeps;

/** Parsed PDFs and directories of the jobs this process is reading, so a long file is parsed once. */
export type OpenJobs = Map<number, { pdf: OpenedPdf; directory: EmployeeDirectory }>;

export type StepResult = { status: 'more'; pagesRead: number } | { status: 'done' } | { status: 'stale' };

/** `unreadable`: neither its text nor its image could be taken out of the PDF (reading threw). */
type Page = ReadPage & { read: SlipPage | null; match: MatchResult | null; unreadable: boolean };

export async function loadDirectory(db: Db, companyId: number): Promise<EmployeeDirectory> {
  const rows = await db
    .select({
      id: employees.id,
      cin: users.cin,
      serial: employees.serial,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.companyId, companyId));
  return buildDirectory(rows);
}

async function openJob(deps: Deps, open: OpenJobs, job: typeof payslipJobs.$inferSelect) {
  const known = open.get(job.id);
  if (known) return known;
  const pdf = await openPdf(await deps.storage.get(job.fileKey));
  const entry = { pdf, directory: await loadDirectory(deps.db, job.companyId) };
  // Keep a few files parsed at most: a step of another job re-opens its own.
  if (open.size >= 3) await closeJob(open, open.keys().next().value!);
  open.set(job.id, entry);
  return entry;
}

export async function closeJob(open: OpenJobs, jobId: number): Promise<void> {
  const entry = open.get(jobId);
  open.delete(jobId);
  await entry?.pdf.close();
}

/** Slip files written at once by a step. */
const SLIP_FILE_WRITERS = 4;

/** Time given to the OCR of one scanned page (waiting for a worker included). */
const OCR_PAGE_TIMEOUT_MS = 30_000;

/**
 * The text of a scanned page through the offline OCR; [] when it reads nothing. `failed` when the
 * page's image could not be taken out of the PDF or decoded (anything but the OCR's own refusal):
 * a page like that is unreadable, not a reason to fail the step again and again.
 */
async function ocrLines(pdf: OpenedPdf, pageNumber: number): Promise<{ lines: string[]; failed: boolean }> {
  try {
    const image = await pdf.pageImage(pageNumber);
    if (!image) return { lines: [], failed: false };
    const result = await recognize(image, { langs: ['fra'], timeoutMs: OCR_PAGE_TIMEOUT_MS });
    return { lines: result.lines.map((line) => line.text.trim()).filter(Boolean), failed: false };
  } catch (error) {
    return { lines: [], failed: !(error instanceof OcrError) };
  }
}

async function readPage(pdf: OpenedPdf, directory: EmployeeDirectory, pageNumber: number): Promise<Page> {
  let lines: string[] = [];
  let scanned = false;
  let textFailed = false;
  try {
    const text = await pdf.pageText(pageNumber);
    lines = text.hasText ? text.lines : [];
  } catch {
    // A page pdf.js cannot read as text is handled like a scan.
    textFailed = true;
  }
  let imageFailed = false;
  if (lines.length === 0) {
    scanned = true;
    ({ lines, failed: imageFailed } = await ocrLines(pdf, pageNumber));
  }
  if (lines.length === 0)
    return {
      pageNumber,
      scanned,
      identity: null,
      period: null,
      read: null,
      match: null,
      unreadable: textFailed || imageFailed,
    };
  const read = readSlipPage(lines);
  const match = matchPage(read, directory);
  // Read by OCR: a character may be wrong, so never full confidence.
  if (scanned && match.employee) match.confidence = Math.min(match.confidence, 85);
  const identity = match.employee
    ? `employee:${match.employee.id}`
    : match.readCin
      ? `cin:${match.readCin}`
      : match.readSerial
        ? `serial:${match.readSerial}`
        : match.readName
          ? `name:${match.readName}`
          : null;
  return { pageNumber, scanned, identity, period: read.period, read, match, unreadable: false };
}

type SlipDraft = {
  group: PageGroup & { pages: Page[] };
  match: MatchResult | null;
  figures: SlipFigures;
  /** Its pages could not be read (or copied): HR is told why, the job still finishes. */
  unreadable: boolean;
};

function draftOf(group: PageGroup & { pages: Page[] }): SlipDraft {
  const pages: Page[] = group.pages;
  const head = pages.find((p) => p.identity !== null) ?? pages[0]!;
  const figures: SlipFigures = { gross: null, net: null, cnss: null, amo: null, ir: null };
  for (const page of group.pages)
    for (const key of Object.keys(figures) as Array<keyof SlipFigures>)
      if (page.read?.figures[key] != null) figures[key] = page.read.figures[key];
  return { group, match: head.match, figures, unreadable: pages.every((p) => p.unreadable) };
}

/**
 * The slip's own PDF: its pages copied as they are; when pdf-lib cannot copy them (a broken page
 * object), one page that says which pages of the original file they were, so HR can open it there.
 */
async function slipFile(pdf: OpenedPdf, draft: SlipDraft): Promise<Buffer> {
  const { firstPage, pages } = draft.group;
  try {
    return await pdf.copyPages(firstPage, pages.length);
  } catch {
    draft.unreadable = true;
    const last = firstPage + pages.length - 1;
    const doc = await PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc
      .addPage([595, 842])
      .drawText(
        last === firstPage
          ? `Page ${firstPage} du fichier d'origine : illisible, elle n'a pas pu être copiée.`
          : `Pages ${firstPage} à ${last} du fichier d'origine : illisibles, elles n'ont pas pu être copiées.`,
        { x: 40, y: 780, size: 12, font },
      );
    return Buffer.from(await doc.save());
  }
}

/**
 * `started` is told the resume point once the job is known to be in progress, so a failure of the
 * step can be counted against it (extraction-jobs.ts).
 */
export async function runExtractionStep(
  deps: Deps,
  open: OpenJobs,
  jobId: number,
  started?: (cursor: number) => void,
): Promise<StepResult> {
  const [job] = await deps.db.select().from(payslipJobs).where(eq(payslipJobs.id, jobId));
  if (job?.status !== 'in_progress') {
    await closeJob(open, jobId);
    return { status: 'done' };
  }
  started?.(job.pagesRead);
  let entry: Awaited<ReturnType<typeof openJob>>;
  try {
    entry = await openJob(deps, open, job);
  } catch (error) {
    if (!(error instanceof PdfUnreadable)) throw error;
    await deps.db
      .update(payslipJobs)
      .set({ status: 'failed', error: error.message, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payslipJobs.id, jobId), eq(payslipJobs.status, 'in_progress')));
    return { status: 'done' };
  }
  const { pdf, directory } = entry;
  const cursor = job.pagesRead;

  // Read at least chunkPages pages, then stop at the first page that starts a new slip, so every
  // slip of the step is whole and the next step starts on a slip's first page.
  const groups: Array<PageGroup & { pages: Page[] }> = [];
  let next = pdf.pageCount;
  for (let pageNumber = cursor + 1; pageNumber <= pdf.pageCount; pageNumber++) {
    const page = await readPage(pdf, directory, pageNumber);
    const current = groups.at(-1) ?? null;
    if (continues(current, page)) {
      current!.pages.push(page);
      continue;
    }
    if (pageNumber - cursor > deps.chunkPages) {
      next = pageNumber - 1;
      break;
    }
    groups.push({ firstPage: pageNumber, pages: [page] });
  }
  const drafts = groups.map(draftOf);
  // The slips' files, written a few at a time (a file system or the database storage waits on I/O
  // while pdf-lib copies the next slip); every key written is known if one write fails.
  const files: Array<string | undefined> = new Array(drafts.length);
  const written = () => files.filter((key): key is string => key !== undefined);
  try {
    let nextDraft = 0;
    const writer = async () => {
      for (let index = nextDraft++; index < drafts.length; index = nextDraft++)
        files[index] = await deps.storage.put(await slipFile(pdf, drafts[index]!), {
          prefix: 'payslips',
          extension: 'pdf',
        });
    };
    const writes = await Promise.allSettled(
      Array.from({ length: Math.min(SLIP_FILE_WRITERS, drafts.length) }, writer),
    );
    const failedWrite = writes.find((w) => w.status === 'rejected');
    if (failedWrite) throw failedWrite.reason;
    const finished = next >= pdf.pageCount;
    const saved = await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ pagesRead: payslipJobs.pagesRead, status: payslipJobs.status })
        .from(payslipJobs)
        .where(eq(payslipJobs.id, jobId))
        .for('update');
      if (locked?.status !== 'in_progress' || locked.pagesRead !== cursor) return false;
      const rows = drafts.map((draft, index) => {
        const head = draft.group.pages.find((p) => p.period) ?? draft.group.pages[0]!;
        const period = head.period;
        const employeeId = draft.match?.employee?.id ?? null;
        return {
          companyId: job.companyId,
          jobId,
          employeeId,
          readCin: draft.match?.readCin ?? null,
          readSerial: draft.match?.readSerial ?? null,
          readName: draft.match?.readName ?? null,
          matchMethod: draft.match?.method ?? null,
          confidence: draft.match?.confidence ?? 0,
          unmatchedReason: employeeId
            ? null
            : draft.unreadable
              ? 'unreadable'
              : (draft.match?.unmatchedReason ??
                (draft.group.pages[0]!.scanned ? 'scanned' : 'no_identifier')),
          periodMonth: period?.month ?? null,
          periodYear: period?.year ?? null,
          firstPage: draft.group.firstPage,
          pageCount: draft.group.pages.length,
          scanned: draft.group.pages[0]!.scanned,
          fileKey: files[index]!,
          status: employeeId ? 'pending' : 'unmatched',
          grossCentimes: draft.figures.gross,
          netCentimes: draft.figures.net,
          cnssCentimes: draft.figures.cnss,
          amoCentimes: draft.figures.amo,
          irCentimes: draft.figures.ir,
        };
      });
      // One insert for the step's slips; a slip already there (same first page) is left as it is.
      const inserted =
        rows.length === 0
          ? []
          : await tx
              .insert(payslips)
              .values(rows)
              .onConflictDoNothing({ target: [payslips.jobId, payslips.firstPage] })
              .returning({ id: payslips.id, firstPage: payslips.firstPage });
      const idOf = new Map(inserted.map((row) => [row.firstPage, row.id]));
      const dated = rows.filter(
        (row) => idOf.has(row.firstPage) && row.employeeId !== null && row.periodYear !== null,
      );
      // Earlier slips of the same employees still awaiting or published, in one query: only their
      // periods need the replacement below (none at all on a first upload).
      const earlier =
        dated.length === 0
          ? []
          : await tx
              .selectDistinct({
                employeeId: payslips.employeeId,
                year: payslips.periodYear,
                month: payslips.periodMonth,
              })
              .from(payslips)
              .where(
                and(
                  eq(payslips.companyId, job.companyId),
                  ne(payslips.jobId, jobId),
                  inArray(payslips.status, ['pending', 'approved']),
                  inArray(payslips.employeeId, [...new Set(dated.map((row) => row.employeeId!))]),
                ),
              );
      const periodKey = (employeeId: number | null, year: number | null, month: number | null) =>
        `${employeeId}:${year}:${month}`;
      const before = new Set(earlier.map((e) => periodKey(e.employeeId, e.year, e.month)));
      let replaced = 0;
      let alreadyApproved = 0;
      for (const row of dated) {
        if (!before.has(periodKey(row.employeeId, row.periodYear, row.periodMonth))) continue;
        const counts = await replaceEarlierSlips(tx, {
          companyId: job.companyId,
          jobId,
          slipId: idOf.get(row.firstPage)!,
          employeeId: row.employeeId!,
          year: row.periodYear!,
          month: row.periodMonth!,
        });
        replaced += counts.replaced;
        alreadyApproved += counts.alreadyApproved;
      }
      await tx
        .update(payslipJobs)
        .set({
          pagesRead: next,
          stepAttempts: 0,
          replacedCount: sql`${payslipJobs.replacedCount} + ${replaced}`,
          alreadyApprovedCount: sql`${payslipJobs.alreadyApprovedCount} + ${alreadyApproved}`,
          updatedAt: sql`now()`,
          ...(finished ? { status: 'finished', finishedAt: sql`now()` } : {}),
        })
        .where(eq(payslipJobs.id, jobId));
      return true;
    });
    if (!saved) {
      await Promise.all(written().map((key) => deps.storage.delete(key)));
      return { status: 'stale' };
    }
    if (finished) {
      await closeJob(open, jobId);
      return { status: 'done' };
    }
    return { status: 'more', pagesRead: next };
  } catch (error) {
    await Promise.all(written().map((key) => deps.storage.delete(key)));
    throw error;
  }
}

/**
 * A new upload of a period replaces the employee's slips of that period still awaiting HR (from
 * earlier jobs); an approved one stays published and is counted, so the job can say so.
 */
export async function replaceEarlierSlips(
  tx: DbOrTx,
  s: { companyId: number; jobId: number; slipId: number; employeeId: number; month: number; year: number },
) {
  const same = and(
    eq(payslips.companyId, s.companyId),
    eq(payslips.employeeId, s.employeeId),
    eq(payslips.periodYear, s.year),
    eq(payslips.periodMonth, s.month),
    ne(payslips.jobId, s.jobId),
  );
  const replaced = await tx
    .update(payslips)
    .set({ status: 'replaced', replacedById: s.slipId })
    .where(and(same, eq(payslips.status, 'pending')))
    .returning({ id: payslips.id });
  const [approved] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payslips)
    .where(and(same, eq(payslips.status, 'approved')));
  return { replaced: replaced.length, alreadyApproved: (approved?.n ?? 0) > 0 ? 1 : 0 };
}
