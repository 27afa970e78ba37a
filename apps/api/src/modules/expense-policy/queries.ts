import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees, groups } from '../../db/schema/employees.ts';
import { advanceLimits, expensePolicyChanges, travelPolicies } from '../../db/schema/expense-policy.ts';

export type AdvanceLimitRow = typeof advanceLimits.$inferSelect;
export type TravelPolicyRow = typeof travelPolicies.$inferSelect;

/** One line of the limits screen: the ungrouped employees (group null) or one group, and its limit. */
export type AdvanceLimitLine = {
  groupId: number | null;
  groupName: string | null;
  employeeCount: number;
  limit: AdvanceLimitRow | null;
};

const activeEmployees = (companyId: number, group: SQL) =>
  sql<number>`(select count(*) from ${employees} where ${employees.companyId} = ${companyId} and ${employees.isActive} and ${group})`.mapWith(
    Number,
  );

/** The ungrouped line first, then every group of the company by name, each with its limit if set. */
export async function listAdvanceLimitLines(db: DbOrTx, companyId: number): Promise<AdvanceLimitLine[]> {
  const [ungrouped] = await db
    .select({
      limit: advanceLimits,
      employeeCount: activeEmployees(companyId, sql`${employees.groupId} is null`),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(advanceLimits, and(eq(advanceLimits.companyId, companyId), isNull(advanceLimits.groupId)));
  const grouped = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      limit: advanceLimits,
      employeeCount: activeEmployees(companyId, sql`${employees.groupId} = ${groups.id}`),
    })
    .from(groups)
    .leftJoin(
      advanceLimits,
      and(eq(advanceLimits.companyId, companyId), eq(advanceLimits.groupId, groups.id)),
    )
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(groups.name), asc(groups.id));
  return [
    {
      groupId: null,
      groupName: null,
      employeeCount: ungrouped?.employeeCount ?? 0,
      limit: ungrouped?.limit ?? null,
    },
    ...grouped,
  ];
}

/** The company's limit for a group (or the ungrouped one). */
export async function findAdvanceLimit(
  db: DbOrTx,
  companyId: number,
  groupId: number | null,
): Promise<AdvanceLimitRow | null> {
  const [row] = await db
    .select()
    .from(advanceLimits)
    .where(
      and(
        eq(advanceLimits.companyId, companyId),
        groupId === null ? isNull(advanceLimits.groupId) : eq(advanceLimits.groupId, groupId),
      ),
    );
  return row ?? null;
}

/** The names of the company's groups by id (another company's group is absent). */
export async function groupNamesOf(db: DbOrTx, companyId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, companyId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The travel policies of the company: any→any first, then by departure, then arrival ("any" first). */
export async function listTravelPolicies(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: TravelPolicyRow[] }> {
  const where = eq(travelPolicies.companyId, companyId);
  const [total] = await db.select({ count: count() }).from(travelPolicies).where(where);
  const rows = await db
    .select()
    .from(travelPolicies)
    .where(where)
    .orderBy(
      sql`${travelPolicies.departureCityId} asc nulls first`,
      sql`${travelPolicies.arrivalCityId} asc nulls first`,
      asc(travelPolicies.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

export async function findTravelPolicy(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<TravelPolicyRow | null> {
  const [row] = await db
    .select()
    .from(travelPolicies)
    .where(and(eq(travelPolicies.companyId, companyId), eq(travelPolicies.id, id)));
  return row ?? null;
}

/** The policy of exactly this route (null = any), if any. */
export async function findTravelPolicyByRoute(
  db: DbOrTx,
  companyId: number,
  departureCityId: number | null,
  arrivalCityId: number | null,
): Promise<TravelPolicyRow | null> {
  const [row] = await db
    .select()
    .from(travelPolicies)
    .where(
      and(
        eq(travelPolicies.companyId, companyId),
        departureCityId === null
          ? isNull(travelPolicies.departureCityId)
          : eq(travelPolicies.departureCityId, departureCityId),
        arrivalCityId === null
          ? isNull(travelPolicies.arrivalCityId)
          : eq(travelPolicies.arrivalCityId, arrivalCityId),
      ),
    );
  return row ?? null;
}

export type PolicyChangeRow = typeof expensePolicyChanges.$inferSelect & {
  changedByFirstName: string | null;
  changedByLastName: string | null;
};

/** The history of the company's policy and validators, newest first. */
export async function listPolicyChanges(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: PolicyChangeRow[] }> {
  const where = eq(expensePolicyChanges.companyId, companyId);
  const [total] = await db.select({ count: count() }).from(expensePolicyChanges).where(where);
  const rows = await db
    .select({
      change: expensePolicyChanges,
      changedByFirstName: users.firstName,
      changedByLastName: users.lastName,
    })
    .from(expensePolicyChanges)
    .leftJoin(users, eq(users.id, expensePolicyChanges.changedBy))
    .where(where)
    .orderBy(desc(expensePolicyChanges.createdAt), desc(expensePolicyChanges.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    count: total?.count ?? 0,
    rows: rows.map((row) => ({
      ...row.change,
      changedByFirstName: row.changedByFirstName,
      changedByLastName: row.changedByLastName,
    })),
  };
}

/** The caller's group (id and name), or null when ungrouped. */
export async function groupOfEmployee(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(employees)
    .innerJoin(groups, eq(groups.id, employees.groupId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return row ?? null;
}
