import type { TTransferStatus } from '@tasbiq/contracts/transfers';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { transferRecipients, transfers } from '../../db/schema/transfers.ts';
import { cappedCount, EXACT_COUNT_LIMIT, listCount } from '../../lib/list-count.ts';
import { dateRangeCondition, orderingClause } from '../../lib/list-sql.ts';
import { type Period, periodCondition } from '../recharges/queries.ts';
import type { EmployeeRefRow } from '../recharges/serialize.ts';
import type { TransferRecord } from './ledger-postings.ts';

/** Whose transfers a caller sees: always one company, and maybe one employee (recharges/list-scope.ts). */
export type TransferScope = { companyId: number; employeeId?: number };

export type TransferFilters = {
  status?: TTransferStatus[];
  createdAfter?: string;
  createdBefore?: string;
  period?: Period;
  ordering?: string;
};

function conditionsOf(scope: TransferScope, filters: TransferFilters): SQL {
  return and(
    eq(transfers.companyId, scope.companyId),
    scope.employeeId === undefined ? undefined : eq(transfers.employeeId, scope.employeeId),
    filters.status
      ? filters.status.length > 0
        ? sql`${transfers.status} in ${filters.status}`
        : sql`false`
      : undefined,
    dateRangeCondition(transfers.createdAt, filters.createdAfter, filters.createdBefore),
    periodCondition(transfers.createdAt, filters.period),
  )!;
}

const refColumns = {
  employeeId: employees.id,
  firstName: users.firstName,
  lastName: users.lastName,
  serial: employees.serial,
};

const ORDERING = { created: transfers.createdAt, amount: transfers.amountCentimes, status: transfers.status };

export type TransferListRow = { transfer: TransferRecord; employee: EmployeeRefRow };

const listFrom = sql`${transfers}`;

export async function listTransfers(
  db: DbOrTx,
  scope: TransferScope,
  filters: TransferFilters,
  page: { limit: number; offset: number },
  countCap = EXACT_COUNT_LIMIT,
): Promise<{ count: number; countIsEstimate: boolean; rows: TransferListRow[] }> {
  const where = conditionsOf(scope, filters);
  const order = orderingClause(filters.ordering, ORDERING, [desc(transfers.createdAt), desc(transfers.id)]);
  const [total, rows] = await Promise.all([
    db.execute(sql`select ${cappedCount(listFrom, where, countCap)} as value`),
    db
      .select({ transfer: transfers, employee: refColumns })
      .from(transfers)
      .innerJoin(employees, eq(employees.id, transfers.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
  ]);
  const counted = Number((total.rows as { value: unknown }[])[0]?.value ?? 0);
  return { ...(await listCount(db, counted, countCap, listFrom, where)), rows };
}

/** One transfer the caller may see, or null (another company's id reads as missing). */
export async function findTransfer(db: DbOrTx, scope: TransferScope, id: number) {
  const [row] = await db
    .select({ transfer: transfers, employee: refColumns })
    .from(transfers)
    .innerJoin(employees, eq(employees.id, transfers.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(transfers.id, id), conditionsOf(scope, {})));
  return row ?? null;
}

/** The sender's first and last names (wallet texts, notifications). */
export async function ownerOf(db: DbOrTx, employeeId: number) {
  const [owner] = await db
    .select({ userId: employees.userId, firstName: users.firstName, lastName: users.lastName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, employeeId));
  return owner ?? null;
}

export function listRecipients(db: DbOrTx, employeeId: number) {
  return db
    .select()
    .from(transferRecipients)
    .where(eq(transferRecipients.employeeId, employeeId))
    .orderBy(asc(transferRecipients.name), asc(transferRecipients.id));
}

export async function countRecipients(db: DbOrTx, employeeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transferRecipients)
    .where(eq(transferRecipients.employeeId, employeeId));
  return Number(row?.n ?? 0);
}
