import type { TPayslipStatus } from '@tasbiq/contracts/payslips';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { payslipJobs, payslips } from '../../db/schema/payslips.ts';
import { searchCondition } from '../../lib/list-sql.ts';

const employeeUser = alias(users, 'employee_user');
const approver = alias(users, 'approver');
const creator = alias(users, 'creator');

function slipQuery(db: DbOrTx) {
  return db
    .select({
      slip: payslips,
      employeeFirstName: employeeUser.firstName,
      employeeLastName: employeeUser.lastName,
      employeeCin: employeeUser.cin,
      employeeSerial: employees.serial,
      employeeUserId: employees.userId,
      approverId: approver.id,
      approverFirstName: approver.firstName,
      approverLastName: approver.lastName,
    })
    .from(payslips)
    .leftJoin(employees, eq(employees.id, payslips.employeeId))
    .leftJoin(employeeUser, eq(employeeUser.id, employees.userId))
    .leftJoin(approver, eq(approver.id, payslips.approvedBy));
}
export type PayslipView = Awaited<ReturnType<ReturnType<typeof slipQuery>['execute']>>[number];

export type PayslipFilters = {
  jobId?: number;
  employeeId?: number;
  month?: number;
  year?: number;
  approved?: boolean;
  status?: TPayslipStatus[];
  search?: string[];
  limit: number;
  offset: number;
};

export async function listPayslips(db: DbOrTx, companyId: number, f: PayslipFilters) {
  const where = and(
    eq(payslips.companyId, companyId),
    f.jobId !== undefined ? eq(payslips.jobId, f.jobId) : undefined,
    f.employeeId !== undefined ? eq(payslips.employeeId, f.employeeId) : undefined,
    f.month !== undefined ? eq(payslips.periodMonth, f.month) : undefined,
    f.year !== undefined ? eq(payslips.periodYear, f.year) : undefined,
    f.approved === true ? eq(payslips.status, 'approved') : undefined,
    f.approved === false ? sql`${payslips.status} <> 'approved'` : undefined,
    f.status?.length ? inArray(payslips.status, f.status) : undefined,
    searchCondition(f.search, [
      employeeUser.firstName,
      employeeUser.lastName,
      employeeUser.cin,
      employees.serial,
      payslips.readCin,
      payslips.readSerial,
    ]),
  );
  const [total] = await db
    .select({ n: count() })
    .from(payslips)
    .leftJoin(employees, eq(employees.id, payslips.employeeId))
    .leftJoin(employeeUser, eq(employeeUser.id, employees.userId))
    .where(where);
  const rows = await slipQuery(db)
    .where(where)
    .orderBy(
      ...(f.jobId !== undefined
        ? [payslips.firstPage]
        : [desc(payslips.periodYear), desc(payslips.periodMonth), desc(payslips.id)]),
    )
    .limit(f.limit)
    .offset(f.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findPayslip(db: DbOrTx, companyId: number, id: number): Promise<PayslipView | null> {
  const [row] = await slipQuery(db).where(and(eq(payslips.companyId, companyId), eq(payslips.id, id)));
  return row ?? null;
}

const jobCounts = {
  found: sql<number>`(select count(*)::int from payslips s where s.job_id = ${payslipJobs.id})`,
  matched: sql<number>`(select count(*)::int from payslips s where s.job_id = ${payslipJobs.id} and s.employee_id is not null and s.status <> 'discarded')`,
  unmatched: sql<number>`(select count(*)::int from payslips s where s.job_id = ${payslipJobs.id} and s.status = 'unmatched')`,
  approved: sql<number>`(select count(*)::int from payslips s where s.job_id = ${payslipJobs.id} and s.status = 'approved')`,
  undecided: sql<number>`(select count(*)::int from payslips s where s.job_id = ${payslipJobs.id} and s.status in ('pending', 'unmatched'))`,
};

function jobQuery(db: DbOrTx) {
  return db
    .select({
      job: payslipJobs,
      creatorFirstName: creator.firstName,
      creatorLastName: creator.lastName,
      ...jobCounts,
    })
    .from(payslipJobs)
    .leftJoin(creator, eq(creator.id, payslipJobs.createdBy));
}
export type PayslipJobView = Awaited<ReturnType<ReturnType<typeof jobQuery>['execute']>>[number];

export async function listPayslipJobs(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
) {
  const where: SQL = eq(payslipJobs.companyId, companyId);
  const [total] = await db.select({ n: count() }).from(payslipJobs).where(where);
  const rows = await jobQuery(db)
    .where(where)
    .orderBy(desc(payslipJobs.createdAt), desc(payslipJobs.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findPayslipJob(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<PayslipJobView | null> {
  const [row] = await jobQuery(db).where(and(eq(payslipJobs.companyId, companyId), eq(payslipJobs.id, id)));
  return row ?? null;
}
