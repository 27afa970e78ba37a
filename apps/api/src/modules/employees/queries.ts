import type { AccountType, EmployeeStatus } from '@tasbiq/contracts/employees';
import { normalizeMoroccanPhone } from '@tasbiq/contracts/validators';
import {
  and,
  asc,
  eq,
  fillPlaceholders,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { preparedFlatSelect } from '../../db/array-rows.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { employees, employeeWorkedTime, groups } from '../../db/schema/employees.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { estimatedCount } from '../../lib/list-count.ts';
import { orderingClause } from '../../lib/list-sql.ts';
import { estimateSearchMatches } from './search-estimate.ts';

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

/**
 * A condition on the row's account, as a correlated subquery: every filter then reads `employees`
 * alone, so the pages sort and cut the matches before joining the accounts of the 20 shown.
 */
function accountHas(condition: SQL): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${employees.userId} and ${condition})`;
}

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
        matches.push(and(matchesSearch(phone), accountHas(ilike(users.phone, phone)!))!);
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
        ? accountHas(or(...filters.accountTypes.map((type) => ACCOUNT_TYPE_SQL[type]))!)
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

/** The list's name order: the copies on `employees` (decision 050), the same values as the account's. */
const NAME_ORDER = [asc(employees.sortLastName), asc(employees.sortFirstName), asc(employees.id)];

function orderOf(ordering: string | undefined): SQL[] {
  return orderingClause(
    ordering,
    {
      last_name: employees.sortLastName,
      first_name: employees.sortFirstName,
      created: employees.createdAt,
      salary: employees.salaryCentimes,
      status: employees.status,
    },
    NAME_ORDER,
  );
}

/**
 * The page of every match: all of them counted (`count(*) over ()`, on the table alone: the
 * trigram index for a search), then sorted and cut to the page, then the page's rows joined to
 * their accounts and groups. Each step is its own subquery, named `employees` like the table so
 * that the filters, the order and the joins read it as they read the table. Written whole in one
 * level, the planner would walk the name index for the sort and the count would then read every
 * employee; or join every match before sorting.
 */
export function employeePageQuery(
  db: DbOrTx,
  companyId: number,
  filters: EmployeeFilters & { limit: number; offset: number },
) {
  return pageOfEveryMatch(db, whereOf(companyId, filters), orderOf(filters.ordering), filters);
}

function pageOfEveryMatch(
  db: DbOrTx,
  where: SQL,
  ordering: SQL[],
  page: { limit: number | Placeholder; offset: number | Placeholder },
) {
  const counted = db
    .select({ ...getTableColumns(employees), total: sql<number>`count(*) over ()`.as('total') })
    .from(employees)
    .where(where)
    .as('employees');
  const cut = db
    .select()
    .from(counted)
    .orderBy(...ordering)
    .limit(page.limit)
    .offset(page.offset)
    .as('employees');
  return db
    .select({ ...listColumns, total: sql<number>`${cut.total}`.mapWith(Number) })
    .from(cut)
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .orderBy(...ordering);
}

/**
 * How many of the company's employees, in name order, a search reads before it stops hoping to
 * find its page among them (decision 050).
 */
export const NAME_ORDER_PROBE_ROWS = 1000;
/** Past this many matches (the planner's estimate), a search's total is that estimate. */
export const SEARCH_EXACT_COUNT_LIMIT = 100;

/**
 * The company's first `probeRows` employees in name order, under the table's own name so that
 * `whereOf`, the list columns and the joins read it as they read `employees`: an index scan that
 * stops as soon as the outer query has its page.
 */
function firstInNameOrder(db: DbOrTx, companyId: number | Placeholder, probeRows: number | Placeholder) {
  return db
    .select()
    .from(employees)
    .where(eq(employees.companyId, companyId))
    .orderBy(...NAME_ORDER)
    .limit(probeRows)
    .as('employees');
}

/** A page of a search found among the first employees in name order, and one row more if any. */
function probeQuery<Extra extends Record<string, SQL>>(
  db: DbOrTx,
  companyId: number | Placeholder,
  where: SQL,
  page: { limit: number | Placeholder; offset: number | Placeholder; probeRows: number | Placeholder },
  extra: Extra,
) {
  return db
    .select({ ...listColumns, ...extra })
    .from(firstInNameOrder(db, companyId, page.probeRows))
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .where(where)
    .orderBy(...NAME_ORDER)
    .limit(page.limit)
    .offset(page.offset);
}

const ph = (name: string) => sql.placeholder(name);

/**
 * The one-term search's filter with its parameters `companyId` and `pattern`. The pattern is
 * normalised once, in an InitPlan: in a plan made for any value (a prepared statement's generic
 * plan) an inline call would be recomputed on every row read, and the trigram index's recheck
 * of 500 rows took 6 ms instead of 0.5.
 */
function oneTermFilter() {
  const normalizedPattern = sql<string>`(select tasbiq_search_normalize(${ph('pattern')}::text))`;
  const where = and(
    eq(employees.companyId, ph('companyId')),
    sql`${employees.searchText} like ${normalizedPattern}`,
  )!;
  return { normalizedPattern, where };
}

/**
 * The search HR types all day (one term, no other filter, name order) as a named prepared
 * statement: PostgreSQL plans it once per connection. The rows carry the normalised pattern for
 * the total's estimate (decision 051), so the normaliser stays written once, in SQL.
 */
function oneTermProbeQuery(db: DbOrTx) {
  const { normalizedPattern, where } = oneTermFilter();
  return probeQuery(
    db,
    ph('companyId'),
    where,
    { limit: ph('limit'), offset: ph('offset'), probeRows: ph('probeRows') },
    { normalizedPattern },
  );
}
const oneTermProbe = preparedFlatSelect('employee_search_probe', oneTermProbeQuery);

/**
 * The same search's page of every match (`pageOfEveryMatch`), when its page is not among the
 * first employees in name order (« zniber »): a named prepared statement too, so that neither
 * drizzle nor PostgreSQL builds or plans it again on every keystroke.
 */
function oneTermPageQuery(db: DbOrTx) {
  const { where } = oneTermFilter();
  return pageOfEveryMatch(db, where, NAME_ORDER, { limit: ph('limit'), offset: ph('offset') });
}
const oneTermPage = preparedFlatSelect('employee_search_page', oneTermPageQuery);

/** The one-term page's text and parameters (the benchmark's bare route runs exactly this). */
export function searchPageSql(
  db: DbOrTx,
  companyId: number,
  term: string,
  page: { limit: number; offset: number },
) {
  const { sql: text, params } = oneTermPageQuery(db).toSQL();
  return { text, values: fillPlaceholders(params, { companyId, pattern: likePattern(term), ...page }) };
}

/** A single search term that is only looked for in `search_text` (not a local phone number). */
function plainTerm(filters: EmployeeFilters & { limit: number; offset: number }): string | null {
  const { search, ordering, limit: _limit, offset: _offset, ...others } = filters;
  if (search?.length !== 1 || (ordering !== undefined && ordering !== 'last_name')) return null;
  if (Object.values(others).some((value) => value !== undefined)) return null;
  const compact = search[0]!.replace(/[.-]/g, '');
  return /^0\d+$/.test(compact) ? null : search[0]!;
}

/** The one-term probe's parameters: a page with one row more, from the first `probeRows`. */
function oneTermProbeParams(
  companyId: number,
  term: string,
  page: { limit: number; offset: number },
  probeRows: number,
) {
  return { companyId, pattern: likePattern(term), limit: page.limit + 1, offset: page.offset, probeRows };
}

/**
 * The one-term probe's text and parameters (the benchmark's bare route runs exactly this as a
 * prepared statement of its own).
 */
export function searchProbeSql(
  db: DbOrTx,
  companyId: number,
  term: string,
  page: { limit: number; offset: number },
  probeRows = NAME_ORDER_PROBE_ROWS,
) {
  const { sql: text, params } = oneTermProbeQuery(db).toSQL();
  return { text, values: fillPlaceholders(params, oneTermProbeParams(companyId, term, page, probeRows)) };
}

/** What a search's estimate is asked over (the filters read `employees` alone). */
const MATCHES_FROM = sql`${employees}`;

type Page = { count: number; countIsEstimate: boolean; rows: EmployeeListRow[] };

/**
 * A search's page in name order, when it is among the company's first `probeRows` employees in
 * that order, with one row more: then there are more matches than the page, and the total is an
 * estimate past `SEARCH_EXACT_COUNT_LIMIT` (decision 051 for one term, else the planner's), else
 * counted. Null when the first rows do
 * not hold the page: the caller reads every match (decision 050).
 */
async function pageFromNameOrder(
  db: DbOrTx,
  companyId: number,
  filters: EmployeeFilters & { limit: number; offset: number },
  probeRows: number,
): Promise<Page | null> {
  const term = plainTerm(filters);
  // Built only when asked: the one-term search HR types all day never needs it for a broad term.
  const where = () => whereOf(companyId, filters);
  let rows: EmployeeListRow[];
  let estimate: number;
  if (term !== null) {
    const found = await oneTermProbe(db).execute(oneTermProbeParams(companyId, term, filters, probeRows));
    if (found.length <= filters.limit) return null;
    rows = found;
    estimate =
      (await estimateSearchMatches(db, companyId, found[0]!.normalizedPattern)) ??
      (await estimatedCount(db, MATCHES_FROM, where()));
  } else {
    const page = { limit: filters.limit + 1, offset: filters.offset, probeRows };
    rows = await probeQuery(db, companyId, where(), page, {});
    if (rows.length <= filters.limit) return null;
    estimate = await estimatedCount(db, MATCHES_FROM, where());
  }
  const found = filters.offset + rows.length;
  if (estimate > SEARCH_EXACT_COUNT_LIMIT)
    return { count: Math.max(estimate, found), countIsEstimate: true, rows: rows.slice(0, filters.limit) };
  const [total] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(employees)
    .where(where());
  return { count: total?.value ?? found, countIsEstimate: false, rows: rows.slice(0, filters.limit) };
}

/**
 * One page and its total. A search in name order first looks for its page among the company's
 * first employees in that order (`pageFromNameOrder`); otherwise every match is read, sorted and
 * counted in one round trip. Only a page past the end has no row to carry the total; then a count
 * query answers it.
 */
export async function listEmployees(
  db: DbOrTx,
  companyId: number,
  filters: EmployeeFilters & { limit: number; offset: number },
  probeRows = NAME_ORDER_PROBE_ROWS,
): Promise<Page> {
  const nameOrdered = filters.ordering === undefined || filters.ordering === 'last_name';
  if (filters.search?.length && nameOrdered) {
    const found = await pageFromNameOrder(db, companyId, filters, probeRows);
    if (found) return found;
  }
  const term = plainTerm(filters);
  const rows =
    term === null
      ? await employeePageQuery(db, companyId, filters)
      : await oneTermPage(db).execute({
          companyId,
          pattern: likePattern(term),
          limit: filters.limit,
          offset: filters.offset,
        });
  if (rows.length > 0) return { count: rows[0]!.total, countIsEstimate: false, rows };
  if (filters.offset === 0) return { count: 0, countIsEstimate: false, rows: [] };
  const [total] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(employees)
    .where(whereOf(companyId, filters));
  return { count: total?.value ?? 0, countIsEstimate: false, rows: [] };
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
