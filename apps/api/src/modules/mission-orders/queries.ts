/**
 * Reads of the mission-orders feature. Every query takes the company id first (tenancy). A
 * company has thousands of orders, not millions: lists count exactly.
 */
import type { TMissionOrderStatus, TReportStatus } from '@tasbiq/contracts/mission-orders';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { missionOrderEvents, missionOrderFiles, missionOrders } from '../../db/schema/mission-orders.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../../lib/list-sql.ts';

export type MissionOrderRecord = typeof missionOrders.$inferSelect;
export type MissionOrderFileRecord = typeof missionOrderFiles.$inferSelect;
export type MissionOrderOwner = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
};
export type MissionOrderRow = { order: MissionOrderRecord; employee: MissionOrderOwner };

const rowColumns = {
  order: missionOrders,
  employeeId: employees.id,
  userId: employees.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  serial: employees.serial,
};

function toRow(row: {
  order: MissionOrderRecord;
  employeeId: number;
  userId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
}): MissionOrderRow {
  return {
    order: row.order,
    employee: {
      id: row.employeeId,
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      serial: row.serial,
    },
  };
}

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(missionOrders)
    .innerJoin(employees, eq(employees.id, missionOrders.employeeId))
    .innerJoin(users, eq(users.id, employees.userId));
}

/**
 * One order of the company (null for a missing one or another company's). Exported for the
 * expenses module (issue 15): load the order an expense belongs to, scoped to the caller's company.
 */
export async function findMissionOrder(
  db: DbOrTx,
  companyId: number,
  orderId: number,
): Promise<MissionOrderRow | null> {
  const [row] = await selectRows(db)
    .where(and(eq(missionOrders.companyId, companyId), eq(missionOrders.id, orderId)))
    .limit(1);
  return row ? toRow(row) : null;
}

export type MissionOrderFilters = {
  /** Only this employee's (the employee's own list). */
  ownerId?: number;
  /** Leave this employee's out (a validator's "À valider" view never lists their own). */
  excludeEmployeeId?: number;
  status?: TMissionOrderStatus[];
  reportStatus?: TReportStatus[];
  employeeId?: number;
  createdAfter?: string;
  createdBefore?: string;
  /** Mission dates: orders whose mission ends on or after / starts on or before the day. */
  startAfter?: string;
  startBefore?: string;
  search?: string[];
  ordering?: string;
  /** Pending orders sent before this instant come first (HR sees overdue orders first). */
  overdueBefore?: Date;
};

const ORDERING: Record<string, SQL | AnyPgColumn> = {
  created: missionOrders.createdAt,
  submitted: missionOrders.submittedAt,
  start_date: missionOrders.startDate,
  number: missionOrders.number,
  status: missionOrders.status,
};

export async function listMissionOrders(
  db: DbOrTx,
  companyId: number,
  filters: MissionOrderFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: MissionOrderRow[] }> {
  const where = and(
    eq(missionOrders.companyId, companyId),
    filters.ownerId !== undefined ? eq(missionOrders.employeeId, filters.ownerId) : undefined,
    filters.excludeEmployeeId !== undefined
      ? ne(missionOrders.employeeId, filters.excludeEmployeeId)
      : undefined,
    filters.employeeId !== undefined ? eq(missionOrders.employeeId, filters.employeeId) : undefined,
    filters.status ? inArray(missionOrders.status, filters.status) : undefined,
    filters.reportStatus ? inArray(missionOrders.reportStatus, filters.reportStatus) : undefined,
    dateRangeCondition(missionOrders.createdAt, filters.createdAfter, filters.createdBefore),
    filters.startAfter ? gte(missionOrders.startDate, filters.startAfter) : undefined,
    filters.startBefore ? lte(missionOrders.startDate, filters.startBefore) : undefined,
    searchCondition(filters.search, [
      missionOrders.number,
      missionOrders.title,
      users.firstName,
      users.lastName,
      employees.serial,
    ]),
  );
  const fallback: SQL[] = [desc(missionOrders.submittedAt), desc(missionOrders.id)];
  const overdueFirst = filters.overdueBefore
    ? [
        asc(
          sql`case when ${missionOrders.status} = 'pending' and ${missionOrders.submittedAt} < ${filters.overdueBefore} then 0 else 1 end`,
        ),
      ]
    : [];
  const order = filters.ordering
    ? orderingClause(filters.ordering, ORDERING, fallback)
    : [...overdueFirst, ...fallback];
  const [total] = await db
    .select({ value: count() })
    .from(missionOrders)
    .innerJoin(employees, eq(employees.id, missionOrders.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.value ?? 0, rows: rows.map(toRow) };
}

export async function filesOf(
  db: DbOrTx,
  companyId: number,
  orderIds: number[],
): Promise<Map<number, MissionOrderFileRecord[]>> {
  const map = new Map<number, MissionOrderFileRecord[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(missionOrderFiles)
    .where(
      and(eq(missionOrderFiles.companyId, companyId), inArray(missionOrderFiles.missionOrderId, orderIds)),
    )
    .orderBy(asc(missionOrderFiles.id));
  for (const row of rows) {
    const list = map.get(row.missionOrderId) ?? [];
    list.push(row);
    map.set(row.missionOrderId, list);
  }
  return map;
}

export async function findFile(db: DbOrTx, companyId: number, orderId: number, fileId: number) {
  const [row] = await db
    .select()
    .from(missionOrderFiles)
    .where(
      and(
        eq(missionOrderFiles.companyId, companyId),
        eq(missionOrderFiles.missionOrderId, orderId),
        eq(missionOrderFiles.id, fileId),
      ),
    );
  return row ?? null;
}

export async function historyOf(db: DbOrTx, companyId: number, orderId: number) {
  return db
    .select({
      event: missionOrderEvents,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(missionOrderEvents)
    .leftJoin(users, eq(users.id, missionOrderEvents.userId))
    .where(and(eq(missionOrderEvents.companyId, companyId), eq(missionOrderEvents.missionOrderId, orderId)))
    .orderBy(asc(missionOrderEvents.id));
}
export type MissionOrderHistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

/** Pending orders of companies whose delay is `limit`, sent before `sentBefore`, not yet reminded today. */
export async function overdueToRemind(
  db: DbOrTx,
  companyIds: number[],
  sentBefore: Date,
  today: string,
): Promise<MissionOrderRow[]> {
  if (companyIds.length === 0) return [];
  const rows = await selectRows(db)
    .where(
      and(
        inArray(missionOrders.companyId, companyIds),
        eq(missionOrders.status, 'pending'),
        lt(missionOrders.submittedAt, sentBefore),
        sql`${missionOrders.remindedOn} is distinct from ${today}::date`,
      ),
    )
    .orderBy(asc(missionOrders.submittedAt))
    .limit(500);
  return rows.map(toRow);
}
