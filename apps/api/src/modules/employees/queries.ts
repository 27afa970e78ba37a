import type { AccountType, EmployeeStatus } from '@tasbiq/contracts/employees';
import { normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { employees, employeeWorkedTime, groups } from '../../db/schema/employees.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { orderingClause } from '../../lib/list-sql.ts';

/** The filters of GET /employees/ and /employees/export (spec §7), already parsed. */
export type EmployeeFilters = {
  search?: string[];
  isActive?: boolean;
  groupId?: number;
  grouped?: boolean;
  status?: EmployeeStatus[];
  accountTypes?: AccountType[];
  /** Holds a live prepaid card (any status but canceled) or not: the card-order links' screen. */
  hasCard?: boolean;
  ordering?: string;
};

/** The columns a list row and the export need: one join of employees, users and groups. */
const listColumns = {
  id: employees.id,
  userId: employees.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  cin: users.cin,
  serial: employees.serial,
  groupId: groups.id,
  groupName: groups.name,
  status: employees.status,
  isActive: employees.isActive,
  roles: users.roles,
  salaryCentimes: employees.salaryCentimes,
  createdAt: employees.createdAt,
};
export type EmployeeListRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  cin: string | null;
  serial: string | null;
  groupId: number | null;
  groupName: string | null;
  status: string;
  isActive: boolean;
  roles: string[];
  salaryCentimes: bigint;
  createdAt: Date;
};

const hasRh = sql`'RH' = any(${users.roles})`;
const hasDrh = sql`'DRH' = any(${users.roles})`;
const ACCOUNT_TYPE_SQL: Record<AccountType, SQL> = {
  drh: hasDrh,
  rh: sql`(${hasRh} and not ${hasDrh})`,
  employee: sql`not (${hasRh} or ${hasDrh})`,
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `employees.search_text` is what `search` looks in: first and last name, CIN, phone, e-mail and
 * matricule joined by spaces, passed through `tasbiq_search_normalize` (lower-case, accents
 * removed), kept by triggers and indexed with pg_trgm (migration 0013, decision 027). A term goes
 * through the same SQL normaliser, so "eloise" finds "Éloïse" and "ÉLOÏSE" finds "eloise", and a
 * `like '%…%'` on the column is answered by the trigram index. A term never holds a space (the
 * search is split on whitespace), so it cannot match across two fields.
 */
function matchesSearch(pattern: string): SQL {
  return sql`${employees.searchText} like tasbiq_search_normalize(${pattern})`;
}

/**
 * Every term must match (DRF SearchFilter). Phones are stored as +212…, so a term typed the local
 * way ("0612…") also looks for "+212612…" (in the phone), and a whole search that is a phone
 * written with spaces ("06 12 34 56 78") is one term.
 */
function employeeSearch(rawTerms: string[] | undefined): SQL | undefined {
  if (!rawTerms || rawTerms.length === 0) return undefined;
  const asPhone = rawTerms.length > 1 ? normalizeMoroccanPhone(rawTerms.join('')) : null;
  const terms = asPhone ? [asPhone] : rawTerms;
  return and(
    ...terms.map((term) => {
      const matches = [matchesSearch(likePattern(term))];
      const compact = term.replace(/[.-]/g, '');
      // 00212… first: it also starts with a 0 (before, it looked for "+2120212…" and found nothing).
      const local = /^00212\d*$/.test(compact)
        ? compact.slice(5)
        : /^0\d+$/.test(compact)
          ? compact.slice(1)
          : null;
      if (local !== null) {
        // The indexed column narrows the rows; the phone itself must hold it (not the e-mail).
        const phone = likePattern(`+212${local}`);
        matches.push(and(matchesSearch(phone), ilike(users.phone, phone))!);
      }
      return matches.length === 1 ? matches[0]! : or(...matches)!;
    }),
  );
}

function whereOf(companyId: number, filters: EmployeeFilters): SQL {
  return and(
    eq(employees.companyId, companyId),
    employeeSearch(filters.search),
    filters.isActive === undefined ? undefined : eq(employees.isActive, filters.isActive),
    filters.groupId === undefined ? undefined : eq(employees.groupId, filters.groupId),
    filters.grouped === undefined
      ? undefined
      : filters.grouped
        ? isNotNull(employees.groupId)
        : isNull(employees.groupId),
    filters.status ? inArray(employees.status, filters.status.length > 0 ? filters.status : ['']) : undefined,
    filters.accountTypes
      ? filters.accountTypes.length > 0
        ? or(...filters.accountTypes.map((type) => ACCOUNT_TYPE_SQL[type]))
        : sql`false`
      : undefined,
    filters.hasCard === undefined
      ? undefined
      : filters.hasCard
        ? sql`exists (${LIVE_CARD})`
        : sql`not exists (${LIVE_CARD})`,
  )!;
}

/** A live card of the row's employee (the one-live-card index answers it). */
const LIVE_CARD = sql`select 1 from ${prepaidCards} where ${prepaidCards.employeeId} = ${employees.id}
  and ${prepaidCards.status} <> 'canceled'`;

function orderOf(ordering: string | undefined): SQL[] {
  return orderingClause(
    ordering,
    {
      last_name: users.lastName,
      first_name: users.firstName,
      created: employees.createdAt,
      salary: employees.salaryCentimes,
      status: employees.status,
    },
    [asc(users.lastName), asc(users.firstName), asc(employees.id)],
  );
}

/** The page query: rows in list order, each carrying the total (`count(*) over ()`). */
export function employeePageQuery(
  db: DbOrTx,
  companyId: number,
  filters: EmployeeFilters & { limit: number; offset: number },
) {
  return db
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .where(whereOf(companyId, filters))
    .orderBy(...orderOf(filters.ordering))
    .limit(filters.limit)
    .offset(filters.offset);
}

/**
 * One page and the total in one round trip. Only a page past the end has no row to carry the
 * total; then a count query answers it.
 */
export async function listEmployees(
  db: DbOrTx,
  companyId: number,
  filters: EmployeeFilters & { limit: number; offset: number },
): Promise<{ count: number; rows: EmployeeListRow[] }> {
  const rows = await employeePageQuery(db, companyId, filters);
  if (rows.length > 0) return { count: rows[0]!.total, rows };
  if (filters.offset === 0) return { count: 0, rows: [] };
  const [total] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(whereOf(companyId, filters));
  return { count: total?.value ?? 0, rows: [] };
}

/** Every row matching the filters, in list order (the CSV export). */
export async function listEmployeesForExport(
  db: DbOrTx,
  companyId: number,
  filters: EmployeeFilters,
): Promise<EmployeeListRow[]> {
  const ordering = orderOf(filters.ordering);
  return db
    .select(listColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .where(whereOf(companyId, filters))
    .orderBy(...ordering);
}

/** An employee of this company with its account, group and company name; null otherwise (→ 404). */
export async function findEmployee(db: DbOrTx, companyId: number, employeeId: number) {
  const [row] = await db
    .select({ employee: employees, user: users, group: groups, companyName: companies.name })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  return row ?? null;
}
export type EmployeeRecord = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;

/** The id of an employee of this company, or null (another company's answers 404 like a missing one). */
export async function findEmployeeIdIn(db: DbOrTx, companyId: number, employeeId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  return row?.id ?? null;
}

/** The employee record of an account (POST /employees/profile/). */
export async function findEmployeeIdOfUser(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

export async function findWorkedTime(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
  year: number,
  month: number,
) {
  const [row] = await db
    .select()
    .from(employeeWorkedTime)
    .where(
      and(
        eq(employeeWorkedTime.companyId, companyId),
        eq(employeeWorkedTime.employeeId, employeeId),
        eq(employeeWorkedTime.year, year),
        eq(employeeWorkedTime.month, month),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function groupExists(db: DbOrTx, companyId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .limit(1);
  return row !== undefined;
}

/** GET /stats/rh/employees: totals by status and by group, in two small aggregate queries. */
export async function employeeStats(db: DbOrTx, companyId: number) {
  const [totals, byGroup] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        activated: sql<number>`count(*) filter (where ${employees.status} = 'activated')`.mapWith(Number),
        invited: sql<number>`count(*) filter (where ${employees.status} = 'invited')`.mapWith(Number),
        deactivated: sql<number>`count(*) filter (where ${employees.status} = 'deactivated')`.mapWith(Number),
        ungrouped: sql<number>`count(*) filter (where ${employees.groupId} is null)`.mapWith(Number),
      })
      .from(employees)
      .where(eq(employees.companyId, companyId)),
    db
      .select({
        groupId: groups.id,
        name: groups.name,
        count: sql<number>`count(${employees.id})`.mapWith(Number),
      })
      .from(groups)
      .leftJoin(employees, and(eq(employees.groupId, groups.id), eq(employees.companyId, groups.companyId)))
      .where(eq(groups.companyId, companyId))
      .groupBy(groups.id, groups.name)
      .orderBy(asc(groups.name), asc(groups.id)),
  ]);
  return { totals: totals[0]!, byGroup };
}
