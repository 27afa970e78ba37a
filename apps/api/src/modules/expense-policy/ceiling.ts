import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { advanceLimits, travelPolicies } from '../../db/schema/expense-policy.ts';

export type MissionAdvanceCeiling = {
  /** The employee's advance limit: their group's, else the ungrouped one; null when none is set. */
  limitCentimes: number | null;
  /** The most specific travel policy's ceiling for the route; null when no policy matches. */
  routeCeilingCentimes: number | null;
  /** The smaller of the two; null when neither is set (no ceiling). */
  ceilingCentimes: number | null;
};

export type MissionRoute = {
  companyId: number;
  employeeId: number;
  departureCityId: number | null;
  arrivalCityId: number | null;
};

/**
 * The most a mission order of this employee on this route may advance (issue 14). A grouped
 * employee whose group has no limit falls back on the ungrouped limit. Travel policies: both
 * cities match, then one city with the other "any", then any/any; between "Casa → any" and
 * "any → Agadir" for Casa → Agadir the departure one wins (a fixed order, so the answer never
 * depends on row order). An employee of another company has no limit (tenancy).
 */
export async function missionAdvanceCeiling(
  db: DbOrTx,
  { companyId, employeeId, departureCityId, arrivalCityId }: MissionRoute,
): Promise<MissionAdvanceCeiling> {
  const [limitRow] = await db
    .select({ amountCentimes: advanceLimits.amountCentimes })
    .from(employees)
    .innerJoin(
      advanceLimits,
      and(
        eq(advanceLimits.companyId, employees.companyId),
        or(eq(advanceLimits.groupId, employees.groupId), isNull(advanceLimits.groupId)),
      ),
    )
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)))
    // The group's own limit first, then the ungrouped one.
    .orderBy(sql`${advanceLimits.groupId} is null`)
    .limit(1);

  const departureMatches =
    departureCityId === null
      ? isNull(travelPolicies.departureCityId)
      : or(eq(travelPolicies.departureCityId, departureCityId), isNull(travelPolicies.departureCityId));
  const arrivalMatches =
    arrivalCityId === null
      ? isNull(travelPolicies.arrivalCityId)
      : or(eq(travelPolicies.arrivalCityId, arrivalCityId), isNull(travelPolicies.arrivalCityId));
  const [routeRow] = await db
    .select({ ceilingCentimes: travelPolicies.ceilingCentimes })
    .from(travelPolicies)
    .where(and(eq(travelPolicies.companyId, companyId), departureMatches, arrivalMatches))
    .orderBy(
      // Fewer "any" first; at equal count, a named departure before a named arrival.
      sql`(${travelPolicies.departureCityId} is null)::int + (${travelPolicies.arrivalCityId} is null)::int`,
      sql`${travelPolicies.departureCityId} is null`,
    )
    .limit(1);

  const limitCentimes = limitRow ? Number(limitRow.amountCentimes) : null;
  const routeCeilingCentimes = routeRow ? Number(routeRow.ceilingCentimes) : null;
  const ceilings = [limitCentimes, routeCeilingCentimes].filter((value) => value !== null);
  return {
    limitCentimes,
    routeCeilingCentimes,
    ceilingCentimes: ceilings.length > 0 ? Math.min(...ceilings) : null,
  };
}
