import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees, groups } from '../../db/schema/employees.ts';
import { dateRangeCondition, orderingClause, searchCondition } from '../../lib/list-sql.ts';

export type GroupWithCount = { id: number; name: string; employeeCount: number; createdAt: Date };

export type GroupFilters = {
  search?: string[];
  ordering?: string;
  idIn?: number[];
  hasEmployees?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  limit: number;
  offset: number;
};

/** Members of the group, counted in the same company (uses employees_company_group_idx). */
const employeeCount = sql<number>`(select count(*) from ${employees} where ${employees.companyId} = ${groups.companyId} and ${employees.groupId} = ${groups.id})`;

const columns = {
  id: groups.id,
  name: groups.name,
  employeeCount: sql<number>`${employeeCount}`.mapWith(Number),
  createdAt: groups.createdAt,
};

function filtersOf(companyId: number, filters: Omit<GroupFilters, 'limit' | 'offset' | 'ordering'>): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(groups.companyId, companyId),
    searchCondition(filters.search, [groups.name]),
    filters.idIn ? inArray(groups.id, filters.idIn.length > 0 ? filters.idIn : [-1]) : undefined,
    dateRangeCondition(groups.createdAt, filters.createdAfter, filters.createdBefore),
  ];
  if (filters.hasEmployees !== undefined)
    conditions.push(filters.hasEmployees ? sql`${employeeCount} > 0` : sql`${employeeCount} = 0`);
  return and(...conditions)!;
}

/** One page of the company's groups; `count` is the total matching the filters (DRF envelope). */
export async function listGroups(
  db: DbOrTx,
  companyId: number,
  filters: GroupFilters,
): Promise<{ count: number; rows: GroupWithCount[] }> {
  // Validate the ordering before touching the database, so a typo answers 400 without work.
  const ordering = orderingClause(
    filters.ordering,
    { name: groups.name, created: groups.createdAt, employee_count: employeeCount },
    [asc(groups.name), asc(groups.id)],
  );
  const where = filtersOf(companyId, filters);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(groups).where(where),
    db
      .select(columns)
      .from(groups)
      .where(where)
      .orderBy(...ordering)
      .limit(filters.limit)
      .offset(filters.offset),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}

/** A group of this company, or null: another company's id is indistinguishable from a missing one. */
export async function findGroup(
  db: DbOrTx,
  companyId: number,
  groupId: number,
): Promise<GroupWithCount | null> {
  const [row] = await db
    .select(columns)
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .limit(1);
  return row ?? null;
}
