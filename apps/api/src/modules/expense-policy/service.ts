import {
  CITY_NOT_FOUND_FR,
  GROUP_NOT_FOUND_FR,
  TRAVEL_POLICY_EXISTS_FR,
  type ZTravelPolicyInput,
} from '@tasbiq/contracts/expense-policy';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { advanceLimits, travelPolicies } from '../../db/schema/expense-policy.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { lockCompanyPolicy, recordPolicyChange } from './history.ts';
import {
  findAdvanceLimit,
  findTravelPolicy,
  findTravelPolicyByRoute,
  groupNamesOf,
  type TravelPolicyRow,
} from './queries.ts';
import { advanceLimitSnapshot, isKnownCity, travelPolicySnapshot } from './serialize.ts';

/** Who writes and when: the history's "who" and "when" (tests pass their own "now"). */
export type PolicyWriter = { companyId: number; userId: number; now: Date };

/** A route and its ceiling as parsed by the contract (ceiling canonical: "1500.00"). */
type TravelPolicyInput = z.output<typeof ZTravelPolicyInput>;

const DUPLICATE_GROUP_FR = 'Ce groupe apparaît plusieurs fois.';

function centimesOf(amount: string): bigint {
  const centimes = wireToCentimes(amount);
  if (centimes === null) throw fieldError('amount', 'invalid');
  return centimes;
}

/** Creates, replaces or (amount null) removes one limit, recording the change. */
async function applyAdvanceLimit(
  tx: Tx,
  writer: PolicyWriter,
  groupId: number | null,
  groupName: string | null,
  amountCentimes: bigint | null,
): Promise<'created' | 'updated' | 'deleted' | 'unchanged'> {
  const { companyId, userId, now } = writer;
  const existing = await findAdvanceLimit(tx, companyId, groupId);
  const change = { companyId, changedBy: userId, subject: 'advance_limit' as const, at: now };
  if (amountCentimes === null) {
    if (!existing) return 'unchanged';
    await tx.delete(advanceLimits).where(eq(advanceLimits.id, existing.id));
    await recordPolicyChange(tx, {
      ...change,
      action: 'deleted',
      subjectId: existing.id,
      before: advanceLimitSnapshot(groupId, groupName, existing.amountCentimes),
      after: null,
    });
    return 'deleted';
  }
  if (existing) {
    if (existing.amountCentimes === amountCentimes) return 'unchanged';
    await tx
      .update(advanceLimits)
      .set({ amountCentimes, updatedBy: userId, updatedAt: now })
      .where(eq(advanceLimits.id, existing.id));
    await recordPolicyChange(tx, {
      ...change,
      action: 'updated',
      subjectId: existing.id,
      before: advanceLimitSnapshot(groupId, groupName, existing.amountCentimes),
      after: advanceLimitSnapshot(groupId, groupName, amountCentimes),
    });
    return 'updated';
  }
  const [row] = await tx
    .insert(advanceLimits)
    .values({ companyId, groupId, amountCentimes, updatedBy: userId, createdAt: now, updatedAt: now })
    .returning({ id: advanceLimits.id });
  await recordPolicyChange(tx, {
    ...change,
    action: 'created',
    subjectId: row!.id,
    before: null,
    after: advanceLimitSnapshot(groupId, groupName, amountCentimes),
  });
  return 'created';
}

/** POST /expenses/advance_limit/: sets one limit (group null = the ungrouped employees). */
export async function saveAdvanceLimit(
  db: Db,
  writer: PolicyWriter,
  input: { group: number | null; amount: string },
): Promise<{ created: boolean }> {
  return db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, writer.companyId);
    const names = await groupNamesOf(tx, writer.companyId);
    if (input.group !== null && !names.has(input.group))
      throw fieldError('group', 'does_not_exist', GROUP_NOT_FOUND_FR);
    const groupName = input.group === null ? null : names.get(input.group)!;
    const outcome = await applyAdvanceLimit(tx, writer, input.group, groupName, centimesOf(input.amount));
    return { created: outcome === 'created' };
  });
}

/** POST /expenses/advance_limit/bulk_save/: all or none; `amount` null removes that limit. */
export async function bulkSaveAdvanceLimits(
  db: Db,
  writer: PolicyWriter,
  limits: { group: number | null; amount: string | null }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, writer.companyId);
    const names = await groupNamesOf(tx, writer.companyId);
    const seen = new Set<number | null>();
    limits.forEach((line, index) => {
      if (line.group !== null && !names.has(line.group))
        throw fieldError(`limits.${index}.group`, 'does_not_exist', GROUP_NOT_FOUND_FR);
      if (seen.has(line.group)) throw fieldError(`limits.${index}.group`, 'unique', DUPLICATE_GROUP_FR);
      seen.add(line.group);
    });
    for (const line of limits) {
      const groupName = line.group === null ? null : names.get(line.group)!;
      const amount = line.amount === null ? null : centimesOf(line.amount);
      await applyAdvanceLimit(tx, writer, line.group, groupName, amount);
    }
  });
}

function checkCities(input: TravelPolicyInput, prefix: string): void {
  if (input.departure_city !== null && !isKnownCity(input.departure_city))
    throw fieldError(`${prefix}departure_city`, 'does_not_exist', CITY_NOT_FOUND_FR);
  if (input.arrival_city !== null && !isKnownCity(input.arrival_city))
    throw fieldError(`${prefix}arrival_city`, 'does_not_exist', CITY_NOT_FOUND_FR);
}

const routeKey = (input: TravelPolicyInput) =>
  `${input.departure_city ?? 'any'}>${input.arrival_city ?? 'any'}`;

/** POST /expenses/travel_policies/bulk_create/: all or none; a route set twice answers `unique`. */
export async function bulkCreateTravelPolicies(
  db: Db,
  writer: PolicyWriter,
  policies: TravelPolicyInput[],
): Promise<TravelPolicyRow[]> {
  const { companyId, userId, now } = writer;
  return db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, companyId);
    const seen = new Set<string>();
    for (const [index, input] of policies.entries()) {
      checkCities(input, `policies.${index}.`);
      const key = routeKey(input);
      const exists =
        seen.has(key) ||
        (await findTravelPolicyByRoute(tx, companyId, input.departure_city, input.arrival_city));
      if (exists) throw fieldError(`policies.${index}.arrival_city`, 'unique', TRAVEL_POLICY_EXISTS_FR);
      seen.add(key);
    }
    const rows = await tx
      .insert(travelPolicies)
      .values(
        policies.map((input) => ({
          companyId,
          departureCityId: input.departure_city,
          arrivalCityId: input.arrival_city,
          ceilingCentimes: centimesOf(input.ceiling),
          updatedBy: userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    for (const row of rows) {
      await recordPolicyChange(tx, {
        companyId,
        changedBy: userId,
        subject: 'travel_policy',
        action: 'created',
        subjectId: row.id,
        before: null,
        after: travelPolicySnapshot(row),
        at: now,
      });
    }
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** PUT /expenses/travel_policies/{id}/: its route and ceiling; another company's policy is 404. */
export async function updateTravelPolicy(
  db: Db,
  writer: PolicyWriter,
  id: number,
  input: TravelPolicyInput,
): Promise<TravelPolicyRow> {
  const { companyId, userId, now } = writer;
  return db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, companyId);
    const existing = await findTravelPolicy(tx, companyId, id);
    if (!existing) throw notFound();
    checkCities(input, '');
    const same = await findTravelPolicyByRoute(tx, companyId, input.departure_city, input.arrival_city);
    if (same && same.id !== id) throw fieldError('arrival_city', 'unique', TRAVEL_POLICY_EXISTS_FR);
    const [row] = await tx
      .update(travelPolicies)
      .set({
        departureCityId: input.departure_city,
        arrivalCityId: input.arrival_city,
        ceilingCentimes: centimesOf(input.ceiling),
        updatedBy: userId,
        updatedAt: now,
      })
      .where(and(eq(travelPolicies.companyId, companyId), eq(travelPolicies.id, id)))
      .returning();
    await recordPolicyChange(tx, {
      companyId,
      changedBy: userId,
      subject: 'travel_policy',
      action: 'updated',
      subjectId: id,
      before: travelPolicySnapshot(existing),
      after: travelPolicySnapshot(row!),
      at: now,
    });
    return row!;
  });
}

/** DELETE /expenses/travel_policies/{id}/ */
export async function deleteTravelPolicy(db: Db, writer: PolicyWriter, id: number): Promise<void> {
  const { companyId, userId, now } = writer;
  await db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, companyId);
    const existing = await findTravelPolicy(tx, companyId, id);
    if (!existing) throw notFound();
    await tx.delete(travelPolicies).where(eq(travelPolicies.id, id));
    await recordPolicyChange(tx, {
      companyId,
      changedBy: userId,
      subject: 'travel_policy',
      action: 'deleted',
      subjectId: id,
      before: travelPolicySnapshot(existing),
      after: null,
      at: now,
    });
  });
}
