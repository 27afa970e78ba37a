/**
 * What an employee and HR may read of a slip. Slips are personal data: an employee sees only their
 * own approved slips; anyone else's, another company's or an unpublished one answers the same 404
 * as a missing one (decision 008). Every download is logged with who and as what.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payslipDownloads, payslipJobs, payslips } from '../../db/schema/payslips.ts';
import { notFound } from '../../lib/errors.ts';
import { findPayslip, listPayslips, type PayslipView } from './queries.ts';

export type Reader = { userId: number; companyId: number; employeeId: number | null; isHr: boolean };

export function listOwnPayslips(
  db: DbOrTx,
  reader: Reader,
  f: { month?: number; year?: number; limit: number; offset: number },
) {
  if (reader.employeeId === null) return Promise.resolve({ count: 0, rows: [] as PayslipView[] });
  return listPayslips(db, reader.companyId, { ...f, employeeId: reader.employeeId, status: ['approved'] });
}

/** The employee's own approved slip, or 404. */
export async function findOwnPayslip(db: DbOrTx, reader: Reader, id: number): Promise<PayslipView> {
  const view = await findPayslip(db, reader.companyId, id);
  if (
    !view ||
    reader.employeeId === null ||
    view.slip.employeeId !== reader.employeeId ||
    view.slip.status !== 'approved'
  )
    throw notFound();
  return view;
}

/** For a download: the caller's own approved slip, or any slip of the company for HR (preview before approval). */
export async function findReadablePayslip(db: DbOrTx, reader: Reader, id: number) {
  const view = await findPayslip(db, reader.companyId, id);
  if (!view) throw notFound();
  const own =
    reader.employeeId !== null &&
    view.slip.employeeId === reader.employeeId &&
    view.slip.status === 'approved';
  if (own) return { view, audience: 'employee' as const };
  if (reader.isHr) return { view, audience: 'hr' as const };
  throw notFound();
}

export async function logDownload(db: DbOrTx, reader: Reader, slipId: number, audience: 'employee' | 'hr') {
  await db
    .insert(payslipDownloads)
    .values({ companyId: reader.companyId, payslipId: slipId, userId: reader.userId, audience });
}

/** GET /fiches/{id}/confirm: the employee says they received it (the first time counts). */
export async function confirmReceipt(db: DbOrTx, reader: Reader, id: number): Promise<PayslipView> {
  const view = await findOwnPayslip(db, reader, id);
  if (view.slip.receivedAt === null)
    await db
      .update(payslips)
      .set({ receivedAt: sql`coalesce(${payslips.receivedAt}, now())` })
      .where(and(eq(payslips.companyId, reader.companyId), eq(payslips.id, id)));
  return findOwnPayslip(db, reader, id);
}

/** GET stats/rh/fiches: the month's slips by state, receipts and downloads, jobs under way. */
export async function payslipStats(db: DbOrTx, companyId: number, month: number, year: number) {
  const [row] = await db
    .select({
      total: count(),
      approved: sql<number>`count(*) filter (where ${payslips.status} = 'approved')::int`,
      pending: sql<number>`count(*) filter (where ${payslips.status} = 'pending')::int`,
      unmatched: sql<number>`count(*) filter (where ${payslips.status} = 'unmatched')::int`,
      received: sql<number>`count(*) filter (where ${payslips.status} = 'approved' and ${payslips.receivedAt} is not null)::int`,
    })
    .from(payslips)
    .where(
      and(
        eq(payslips.companyId, companyId),
        eq(payslips.periodMonth, month),
        eq(payslips.periodYear, year),
        sql`${payslips.status} in ('approved', 'pending', 'unmatched')`,
      ),
    );
  const [downloads] = await db
    .select({ n: count() })
    .from(payslipDownloads)
    .innerJoin(payslips, eq(payslips.id, payslipDownloads.payslipId))
    .where(
      and(
        eq(payslipDownloads.companyId, companyId),
        eq(payslipDownloads.audience, 'employee'),
        eq(payslips.periodMonth, month),
        eq(payslips.periodYear, year),
      ),
    );
  const [jobs] = await db
    .select({ n: count() })
    .from(payslipJobs)
    .where(and(eq(payslipJobs.companyId, companyId), eq(payslipJobs.status, 'in_progress')));
  const approved = Number(row?.approved ?? 0);
  const received = Number(row?.received ?? 0);
  return {
    month,
    year,
    total: Number(row?.total ?? 0),
    approved,
    pending: Number(row?.pending ?? 0),
    unmatched: Number(row?.unmatched ?? 0),
    received,
    not_received: approved - received,
    downloads: Number(downloads?.n ?? 0),
    jobs_in_progress: Number(jobs?.n ?? 0),
  };
}
