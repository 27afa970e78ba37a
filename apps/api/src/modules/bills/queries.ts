import type { TBillerId, TBillStatus } from '@tasbiq/contracts/bills';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { bills } from '../../db/schema/bills.ts';
import { employees } from '../../db/schema/employees.ts';
import { cappedCount, EXACT_COUNT_LIMIT, listCount } from '../../lib/list-count.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../../lib/list-sql.ts';
import { type Period, periodCondition } from '../recharges/queries.ts';
import type { EmployeeRefRow } from '../recharges/serialize.ts';
import type { BillRecord } from './serialize.ts';

/** Whose bills a caller sees: always one company, and maybe one employee (recharges/list-scope.ts). */
export type BillScope = { companyId: number; employeeId?: number };

export type BillFilters = {
  status?: TBillStatus[];
  biller?: TBillerId[];
  createdAfter?: string;
  createdBefore?: string;
  search?: string[];
  period?: Period;
  ordering?: string;
};

const inOrNothing = <T>(column: Parameters<typeof inArray>[0], values: T[] | undefined) =>
  values ? inArray(column, values.length > 0 ? (values as unknown[]) : ['']) : undefined;

function conditionsOf(scope: BillScope, filters: BillFilters): SQL {
  return and(
    eq(bills.companyId, scope.companyId),
    scope.employeeId === undefined ? undefined : eq(bills.employeeId, scope.employeeId),
    inOrNothing(bills.status, filters.status),
    inOrNothing(bills.biller, filters.biller),
    dateRangeCondition(bills.createdAt, filters.createdAfter, filters.createdBefore),
    periodCondition(bills.createdAt, filters.period),
    searchCondition(filters.search, [users.firstName, users.lastName, employees.serial, bills.reference]),
  )!;
}

const refColumns = {
  employeeId: employees.id,
  firstName: users.firstName,
  lastName: users.lastName,
  serial: employees.serial,
};

const ORDERING = {
  created: bills.createdAt,
  amount: bills.amountCentimes,
  status: bills.status,
  biller: bills.biller,
};

export type BillListRow = { bill: BillRecord; employee: EmployeeRefRow };

const listFrom = sql`${bills} inner join ${employees} on ${employees.id} = ${bills.employeeId} inner join ${users} on ${users.id} = ${employees.userId}`;

export async function listBills(
  db: DbOrTx,
  scope: BillScope,
  filters: BillFilters,
  page: { limit: number; offset: number },
  countCap = EXACT_COUNT_LIMIT,
): Promise<{ count: number; countIsEstimate: boolean; rows: BillListRow[] }> {
  const where = conditionsOf(scope, filters);
  const order = orderingClause(filters.ordering, ORDERING, [desc(bills.createdAt), desc(bills.id)]);
  const [total, rows] = await Promise.all([
    db.execute(sql`select ${cappedCount(listFrom, where, countCap)} as value`),
    db
      .select({ bill: bills, employee: refColumns })
      .from(bills)
      .innerJoin(employees, eq(employees.id, bills.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
  ]);
  const counted = Number((total.rows as { value: unknown }[])[0]?.value ?? 0);
  return { ...(await listCount(db, counted, countCap, listFrom, where)), rows };
}

/** One bill the caller may see, or null (another company's id reads as missing). */
export async function findBill(db: DbOrTx, scope: BillScope, id: number) {
  const [row] = await db
    .select({ bill: bills, employee: refColumns })
    .from(bills)
    .innerJoin(employees, eq(employees.id, bills.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(bills.id, id), conditionsOf(scope, {})));
  return row ?? null;
}
