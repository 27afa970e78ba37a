import type { TRechargeStatus, TTelecomOperator } from '@tasbiq/contracts/money';
import { normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { recharges } from '../../db/schema/money.ts';
import { BY_FIRST_COLUMN, bucketsToDays, dayBucketSql } from '../../lib/day-buckets.ts';
import { cappedCount, EXACT_COUNT_LIMIT, listCount } from '../../lib/list-count.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../../lib/list-sql.ts';
import { type CasablancaDays, casablancaMonthRange, casablancaYearRange } from '../../lib/time.ts';
import type { EmployeeRefRow, RechargeRecord } from './serialize.ts';

/** Whose top-ups a caller sees: always one company, and maybe one employee (list-scope.ts). */
export type RechargeScope = { companyId: number; employeeId?: number };

export type RechargeFilters = {
  status?: TRechargeStatus[];
  operator?: TTelecomOperator[];
  createdAfter?: string;
  createdBefore?: string;
  search?: string[];
  period?: Period;
  ordering?: string;
};

/** A Casablanca calendar month (or a whole year when `month` is absent). */
export type Period = { year: number; month?: number };

/** [start, end) instants of a Casablanca month or year. */
export function periodBounds({ year, month }: Period): { start: Date; end: Date } {
  return month !== undefined ? casablancaMonthRange(year, month) : casablancaYearRange(year);
}

export function periodCondition(
  column: Parameters<typeof gte>[0],
  period: Period | undefined,
): SQL | undefined {
  if (!period) return undefined;
  const { start, end } = periodBounds(period);
  return and(gte(column, start), lt(column, end));
}

/** Search terms that read as a phone number ("06 12…", "0612…") also match the stored +212 form. */
function phoneAwareTerms(terms: string[] | undefined): string[] | undefined {
  return terms?.map((term) => normalizeMoroccanPhone(term) ?? term);
}

const inOrNothing = <T>(column: Parameters<typeof inArray>[0], values: T[] | undefined) =>
  values ? inArray(column, values.length > 0 ? (values as unknown[]) : ['']) : undefined;

function conditionsOf(scope: RechargeScope, filters: RechargeFilters): SQL {
  return and(
    eq(recharges.companyId, scope.companyId),
    scope.employeeId === undefined ? undefined : eq(recharges.employeeId, scope.employeeId),
    inOrNothing(recharges.status, filters.status),
    inOrNothing(recharges.operator, filters.operator),
    dateRangeCondition(recharges.createdAt, filters.createdAfter, filters.createdBefore),
    periodCondition(recharges.createdAt, filters.period),
    searchCondition(phoneAwareTerms(filters.search), [
      users.firstName,
      users.lastName,
      employees.serial,
      recharges.phone,
      recharges.product,
    ]),
  )!;
}

const refColumns = {
  employeeId: employees.id,
  firstName: users.firstName,
  lastName: users.lastName,
  serial: employees.serial,
};

const ORDERING = {
  created: recharges.createdAt,
  amount: recharges.amountCentimes,
  discounted_amount: recharges.discountedAmountCentimes,
  status: recharges.status,
  operator: recharges.operator,
};

export type RechargeListRow = { recharge: RechargeRecord; employee: EmployeeRefRow };

/** The joins a top-up row needs (its employee's name and matricule, which `search` reads too). */
const listFrom = sql`${recharges} inner join ${employees} on ${employees.id} = ${recharges.employeeId} inner join ${users} on ${users.id} = ${employees.userId}`;

/**
 * One page and the total, in parallel. The total stops at `countCap` rows: past it, PostgreSQL's
 * estimate and `countIsEstimate` (decision 027).
 */
export async function listRecharges(
  db: DbOrTx,
  scope: RechargeScope,
  filters: RechargeFilters,
  page: { limit: number; offset: number },
  countCap = EXACT_COUNT_LIMIT,
): Promise<{ count: number; countIsEstimate: boolean; rows: RechargeListRow[] }> {
  const where = conditionsOf(scope, filters);
  const order = orderingClause(filters.ordering, ORDERING, [desc(recharges.createdAt), desc(recharges.id)]);
  const [total, rows] = await Promise.all([
    db.execute(sql`select ${cappedCount(listFrom, where, countCap)} as value`),
    db
      .select({ recharge: recharges, employee: refColumns })
      .from(recharges)
      .innerJoin(employees, eq(employees.id, recharges.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
  ]);
  const counted = Number((total.rows as { value: unknown }[])[0]?.value ?? 0);
  return { ...(await listCount(db, counted, countCap, listFrom, where)), rows };
}

/** One top-up the caller may see, or null (another company's id reads as missing). */
export async function findRecharge(db: DbOrTx, scope: RechargeScope, id: number) {
  const [row] = await db
    .select({ recharge: recharges, employee: refColumns })
    .from(recharges)
    .innerJoin(employees, eq(employees.id, recharges.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(recharges.id, id), conditionsOf(scope, {})));
  return row ?? null;
}

/**
 * Top-ups per Casablanca day of `window`: count and discounted amount (what left the
 * wallet), failed ones left out. Days without any are absent; the caller fills zeros.
 */
export async function rechargesPerDay(db: DbOrTx, companyId: number, window: CasablancaDays) {
  const bucket = dayBucketSql(recharges.createdAt, window.starts);
  const rows = await db
    .select({
      bucket,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<string>`coalesce(sum(${recharges.discountedAmountCentimes}), 0)::text`,
    })
    .from(recharges)
    .where(
      and(
        eq(recharges.companyId, companyId),
        gte(recharges.createdAt, window.start),
        lt(recharges.createdAt, window.end),
        sql`${recharges.status} <> 'failed'`,
      ),
    )
    .groupBy(BY_FIRST_COLUMN);
  return bucketsToDays(rows, window.days);
}
