import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { changeRequestAttachments, changeRequests } from '../../db/schema/people.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../../lib/list-sql.ts';

const employeeUser = alias(users, 'employee_user');
const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const columns = {
  id: changeRequests.id,
  companyId: changeRequests.companyId,
  employeeId: changeRequests.employeeId,
  employeeUserId: employees.userId,
  employeeFirstName: employeeUser.firstName,
  employeeLastName: employeeUser.lastName,
  employeeSerial: employees.serial,
  field: changeRequests.field,
  oldValue: changeRequests.oldValue,
  newValue: changeRequests.newValue,
  description: changeRequests.description,
  status: changeRequests.status,
  requestedBy: changeRequests.requestedBy,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  createdAt: changeRequests.createdAt,
  decidedBy: changeRequests.decidedBy,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
  decidedAt: changeRequests.decidedAt,
  decisionComment: changeRequests.decisionComment,
};

export type AttachmentRow = typeof changeRequestAttachments.$inferSelect;

export type ChangeRequestFilters = {
  status?: string[];
  employeeId?: number;
  field?: string[];
  search?: string[];
  createdAfter?: string;
  createdBefore?: string;
  ordering?: string;
  limit: number;
  offset: number;
};

/** A request with the names of the employee, the requester and the decider (left join: may be none). */
export type ChangeRequestView = Awaited<ReturnType<typeof baseQuery>>[number];

function baseQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(changeRequests)
    .innerJoin(employees, eq(employees.id, changeRequests.employeeId))
    .innerJoin(employeeUser, eq(employeeUser.id, employees.userId))
    .innerJoin(requester, eq(requester.id, changeRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, changeRequests.decidedBy));
}

function whereOf(companyId: number, filters: Omit<ChangeRequestFilters, 'limit' | 'offset' | 'ordering'>) {
  const conditions: (SQL | undefined)[] = [
    eq(changeRequests.companyId, companyId),
    filters.status
      ? inArray(changeRequests.status, filters.status.length ? filters.status : [''])
      : undefined,
    filters.field ? inArray(changeRequests.field, filters.field.length ? filters.field : ['']) : undefined,
    filters.employeeId !== undefined ? eq(changeRequests.employeeId, filters.employeeId) : undefined,
    searchCondition(filters.search, [
      employeeUser.firstName,
      employeeUser.lastName,
      employees.serial,
      employeeUser.cin,
    ]),
    dateRangeCondition(changeRequests.createdAt, filters.createdAfter, filters.createdBefore),
  ];
  return and(...conditions)!;
}

/** One page of the company's change requests, newest first unless told otherwise. */
export async function listChangeRequests(
  db: DbOrTx,
  companyId: number,
  filters: ChangeRequestFilters,
): Promise<{ count: number; rows: ChangeRequestView[] }> {
  const ordering = orderingClause(
    filters.ordering,
    {
      created: changeRequests.createdAt,
      decided_at: changeRequests.decidedAt,
      status: changeRequests.status,
      field: changeRequests.field,
    },
    [desc(changeRequests.createdAt), desc(changeRequests.id)],
  );
  const where = whereOf(companyId, filters);
  const [total, rows] = await Promise.all([
    db
      .select({ value: count() })
      .from(changeRequests)
      .innerJoin(employees, eq(employees.id, changeRequests.employeeId))
      .innerJoin(employeeUser, eq(employeeUser.id, employees.userId))
      .where(where),
    baseQuery(db)
      .where(where)
      .orderBy(...ordering)
      .limit(filters.limit)
      .offset(filters.offset),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** A change request of this company, or null (another company's id looks missing). */
export async function findChangeRequest(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<ChangeRequestView | null> {
  const [row] = await baseQuery(db)
    .where(and(eq(changeRequests.companyId, companyId), eq(changeRequests.id, id)))
    .limit(1);
  return row ?? null;
}

/** Attachments of several requests at once (a list page), in upload order. */
export async function attachmentsOf(
  db: DbOrTx,
  companyId: number,
  changeRequestIds: number[],
): Promise<Map<number, AttachmentRow[]>> {
  const byRequest = new Map<number, AttachmentRow[]>();
  if (changeRequestIds.length === 0) return byRequest;
  const rows = await db
    .select()
    .from(changeRequestAttachments)
    .where(
      and(
        eq(changeRequestAttachments.companyId, companyId),
        inArray(changeRequestAttachments.changeRequestId, changeRequestIds),
      ),
    )
    .orderBy(asc(changeRequestAttachments.id));
  for (const row of rows) {
    const list = byRequest.get(row.changeRequestId) ?? [];
    list.push(row);
    byRequest.set(row.changeRequestId, list);
  }
  return byRequest;
}

export async function findAttachment(
  db: DbOrTx,
  companyId: number,
  changeRequestId: number,
  attachmentId: number,
): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(changeRequestAttachments)
    .where(
      and(
        eq(changeRequestAttachments.companyId, companyId),
        eq(changeRequestAttachments.changeRequestId, changeRequestId),
        eq(changeRequestAttachments.id, attachmentId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The pending requests about one employee, oldest first, with the requester's name (employee details). */
export async function pendingRequestsOf(db: DbOrTx, companyId: number, employeeId: number) {
  return db
    .select({
      id: changeRequests.id,
      field: changeRequests.field,
      newValue: changeRequests.newValue,
      requestedBy: changeRequests.requestedBy,
      requesterFirstName: requester.firstName,
      requesterLastName: requester.lastName,
      createdAt: changeRequests.createdAt,
    })
    .from(changeRequests)
    .innerJoin(requester, eq(requester.id, changeRequests.requestedBy))
    .where(
      and(
        eq(changeRequests.companyId, companyId),
        eq(changeRequests.employeeId, employeeId),
        eq(changeRequests.status, 'pending'),
      ),
    )
    .orderBy(asc(changeRequests.createdAt), asc(changeRequests.id));
}
