/**
 * Reads of the advances feature. Every query takes the company id first (tenancy); an employee's
 * own reads add their employee id. Written for 1M advances: the lists walk
 * `advances_employee_created_idx` (employee's own) or `advances_company_created_idx` (HR), and the
 * total comes from an uncorrelated count in the same statement.
 */
import type { TAdvanceStatus } from '@tasbiq/contracts/money';
import { RELEASED_STATUSES } from '@tasbiq/contracts/money';
import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { advances } from '../../db/schema/money.ts';
import { BY_FIRST_COLUMN, bucketsToDays, dayBucketSql } from '../../lib/day-buckets.ts';
import { cappedCount, EXACT_COUNT_LIMIT, listCount } from '../../lib/list-count.ts';
import { dateRangeCondition, orderingClause } from '../../lib/list-sql.ts';
import { lastCasablancaDays } from '../../lib/time.ts';
import { loadSpendingState } from '../spending/state.ts';
import type { AdvanceRecord } from './postings.ts';
import type { AdvanceEmployee } from './serialize.ts';
import { soldeOf } from './serialize.ts';

/**
 * GET /employees/solde for one employee: ONE SQL statement (loadSpendingState) and the pure rules.
 * Null when the employee is not in that company. The benchmark runs this function as is.
 */
export async function loadEmployeeSolde(
  db: DbOrTx,
  where: { employeeId: number; companyId: number },
  at: Date = new Date(),
) {
  const state = await loadSpendingState(db, where, at);
  return state ? soldeOf(state) : null;
}

export type AdvanceFilters = {
  /** Only this employee's advances (an employee's own list, or HR's `employee=` filter). */
  employeeId?: number;
  status?: TAdvanceStatus[];
  free?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  /** [start, end) instants, e.g. a Casablanca month. */
  createdFrom?: Date;
  createdUntil?: Date;
  search?: string[];
  ordering?: string;
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `search`: every term must match the employee's first or last name, CIN or matricule. A
 * subquery over the company's employees (thousands, not millions), then the advances index.
 */
function employeeSearch(db: DbOrTx, companyId: number, terms: string[] | undefined): SQL | undefined {
  if (!terms || terms.length === 0) return undefined;
  const text = sql`concat_ws(' ', ${users.firstName}, ${users.lastName}, ${users.cin}, ${employees.serial})`;
  const matching = db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        ...terms.map((term) => sql`${text} ilike ${likePattern(term)}`),
      ),
    );
  return inArray(advances.employeeId, matching);
}

function whereOf(db: DbOrTx, companyId: number, filters: AdvanceFilters): SQL {
  return and(
    eq(advances.companyId, companyId),
    filters.employeeId === undefined ? undefined : eq(advances.employeeId, filters.employeeId),
    filters.status
      ? inArray(advances.status, filters.status.length > 0 ? filters.status : ['' as never])
      : undefined,
    filters.free === undefined ? undefined : eq(advances.isFree, filters.free),
    dateRangeCondition(advances.createdAt, filters.createdAfter, filters.createdBefore),
    filters.createdFrom ? gte(advances.createdAt, filters.createdFrom) : undefined,
    filters.createdUntil ? lt(advances.createdAt, filters.createdUntil) : undefined,
    employeeSearch(db, companyId, filters.search),
  )!;
}

function orderOf(ordering: string | undefined): SQL[] {
  return orderingClause(
    ordering,
    {
      created: advances.createdAt,
      amount: advances.amountCentimes,
      status: advances.status,
      id: advances.id,
    },
    [desc(advances.createdAt), desc(advances.id)],
  );
}

export type AdvanceListRow = { advance: AdvanceRecord; employee: AdvanceEmployee };

/**
 * The page query: one statement, the total as an uncorrelated scalar subquery (an InitPlan run
 * once, an index-only count) beside the page rows, so the page itself joins only `limit` rows.
 * The count stops at `countCap + 1` rows (HR's list of a million advances; decision 027).
 * Exported for the benchmark (`.toSQL()` gives the text and parameters for raw pg).
 */
export function advancePageQuery(
  db: DbOrTx,
  companyId: number,
  filters: AdvanceFilters & { limit: number; offset: number },
  countCap = EXACT_COUNT_LIMIT,
) {
  const where = whereOf(db, companyId, filters);
  return db
    .select({
      advance: advances,
      employee: {
        id: employees.id,
        firstName: users.firstName,
        lastName: users.lastName,
        serial: employees.serial,
      },
      total: cappedCount(sql`${advances}`, where, countCap),
    })
    .from(advances)
    .innerJoin(employees, eq(employees.id, advances.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where)
    .orderBy(...orderOf(filters.ordering))
    .limit(filters.limit)
    .offset(filters.offset);
}

const ph = (name: string) => sql.placeholder(name);

/**
 * An employee's plain list (no filter but the employee: the history screen's first call and the
 * benchmarked one) as a named prepared statement: PostgreSQL plans it once per connection and
 * drizzle builds it once, instead of on every request (decision 022).
 */
function ownPageQuery(db: DbOrTx) {
  const where = and(eq(advances.companyId, ph('companyId')), eq(advances.employeeId, ph('employeeId')))!;
  return db
    .select({
      advance: advances,
      employee: {
        id: employees.id,
        firstName: users.firstName,
        lastName: users.lastName,
        serial: employees.serial,
      },
      total: sql<number>`(select count(*) from ${advances} where ${where})`.mapWith(Number),
    })
    .from(advances)
    .innerJoin(employees, eq(employees.id, advances.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where)
    .orderBy(desc(advances.createdAt), desc(advances.id))
    .limit(ph('limit'))
    .offset(ph('offset'));
}
const ownPage = preparedPerDatabase('own_advance_page', ownPageQuery);

/**
 * One page and the total (one round trip; a page past the end asks the count alone). HR's lists
 * are counted up to `countCap` rows; past it the count is PostgreSQL's estimate (a second, cheap
 * EXPLAIN) and `countIsEstimate` says so. An employee's own list is always counted.
 */
export async function listAdvances(
  db: DbOrTx,
  companyId: number,
  filters: AdvanceFilters & { limit: number; offset: number },
  countCap = EXACT_COUNT_LIMIT,
): Promise<{ count: number; countIsEstimate: boolean; rows: AdvanceListRow[] }> {
  const plain =
    filters.employeeId !== undefined &&
    Object.entries(filters).every(
      ([name, value]) => ['employeeId', 'limit', 'offset'].includes(name) || value === undefined,
    );
  const rows = plain
    ? await ownPage(db).execute({
        companyId,
        employeeId: filters.employeeId,
        limit: filters.limit,
        offset: filters.offset,
      })
    : await advancePageQuery(db, companyId, filters, countCap);
  const where = whereOf(db, companyId, filters);
  const cap = plain ? Number.POSITIVE_INFINITY : countCap;
  if (rows.length > 0) {
    return {
      ...(await listCount(db, rows[0]!.total, cap, sql`${advances}`, where)),
      rows: rows.map(({ advance, employee }) => ({ advance, employee })),
    };
  }
  if (filters.offset === 0) return { count: 0, countIsEstimate: false, rows: [] };
  const counting = plain
    ? sql`(select count(*) from ${advances} where ${where})`
    : cappedCount(sql`${advances}`, where, countCap);
  const { rows: totals } = await db.execute(sql`select ${counting} as value`);
  const counted = Number((totals as { value: unknown }[])[0]?.value ?? 0);
  return { ...(await listCount(db, counted, cap, sql`${advances}`, where)), rows: [] };
}

/** One advance of the company with its employee; null when missing or another company's (→ 404). */
export async function findAdvance(
  db: DbOrTx,
  companyId: number,
  advanceId: number,
): Promise<AdvanceListRow | null> {
  const [row] = await db
    .select({
      advance: advances,
      employee: {
        id: employees.id,
        firstName: users.firstName,
        lastName: users.lastName,
        serial: employees.serial,
      },
    })
    .from(advances)
    .innerJoin(employees, eq(employees.id, advances.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(advances.companyId, companyId), eq(advances.id, advanceId)));
  return row ?? null;
}

export type DailyStat = { date: string; count: number; amountCentimes: bigint };

/**
 * Advances per Casablanca day over the last `days` days (today included), leaving out canceled,
 * rejected and failed ones; days without advances are filled with zeros, oldest first.
 */
export async function dailyAdvanceStats(
  db: DbOrTx,
  companyId: number,
  days: number,
  now: Date = new Date(),
): Promise<DailyStat[]> {
  const window = lastCasablancaDays(days, now);
  const bucket = dayBucketSql(advances.createdAt, window.starts);
  const rows = await db
    .select({
      bucket,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<string>`coalesce(sum(${advances.amountCentimes}), 0)::text`,
    })
    .from(advances)
    .where(
      and(
        eq(advances.companyId, companyId),
        gte(advances.createdAt, window.start),
        lt(advances.createdAt, window.end),
        notInArray(advances.status, [...RELEASED_STATUSES]),
      ),
    )
    .groupBy(BY_FIRST_COLUMN);
  const byDay = new Map(bucketsToDays(rows, window.days).map((row) => [row.day, row]));
  return window.days.map((date) => {
    const row = byDay.get(date);
    return { date, count: row?.count ?? 0, amountCentimes: BigInt(row?.amount ?? '0') };
  });
}
