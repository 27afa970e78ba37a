import type { TAdvanceLimit, TPolicyChange, TTravelPolicy } from '@tasbiq/contracts/expense-policy';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime, toWireDateTimeOrNull } from '../../lib/time.ts';
import { MOROCCAN_CITIES } from '../cities/moroccan-cities.ts';
import type { PolicySnapshot } from './history.ts';
import type { AdvanceLimitLine, PolicyChangeRow, TravelPolicyRow } from './queries.ts';

const CITY_NAMES = new Map(MOROCCAN_CITIES.map((city) => [city.id, city.name]));

/** Whether a city id is one of GET /cities' (the ids are stable, never reused). */
export function isKnownCity(id: number): boolean {
  return CITY_NAMES.has(id);
}

export function cityName(id: number | null): string | null {
  return id === null ? null : (CITY_NAMES.get(id) ?? null);
}

export function serializeAdvanceLimitLine(line: AdvanceLimitLine): TAdvanceLimit {
  return {
    id: line.limit?.id ?? null,
    group: line.groupId,
    group_name: line.groupName,
    employee_count: line.employeeCount,
    amount: line.limit ? centimesToWire(line.limit.amountCentimes) : null,
    updated: toWireDateTimeOrNull(line.limit?.updatedAt),
  };
}

export function serializeTravelPolicy(row: TravelPolicyRow): TTravelPolicy {
  return {
    id: row.id,
    departure_city: row.departureCityId,
    departure_city_name: cityName(row.departureCityId),
    arrival_city: row.arrivalCityId,
    arrival_city_name: cityName(row.arrivalCityId),
    ceiling: centimesToWire(row.ceilingCentimes),
    updated: toWireDateTime(row.updatedAt),
  };
}

/** What the history keeps of a limit. */
export function advanceLimitSnapshot(
  groupId: number | null,
  groupName: string | null,
  amountCentimes: bigint,
): PolicySnapshot {
  return { group: groupId, group_name: groupName, amount: centimesToWire(amountCentimes) };
}

/** What the history keeps of a travel policy. */
export function travelPolicySnapshot(row: {
  departureCityId: number | null;
  arrivalCityId: number | null;
  ceilingCentimes: bigint;
}): PolicySnapshot {
  return {
    departure_city: row.departureCityId,
    departure_city_name: cityName(row.departureCityId),
    arrival_city: row.arrivalCityId,
    arrival_city_name: cityName(row.arrivalCityId),
    ceiling: centimesToWire(row.ceilingCentimes),
  };
}

export function serializePolicyChange(row: PolicyChangeRow): TPolicyChange {
  const name = [row.changedByFirstName, row.changedByLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    subject: row.subject,
    action: row.action,
    subject_id: row.subjectId,
    changed_by: row.changedBy,
    changed_by_name: row.changedBy === null ? null : name || null,
    before: (row.before as PolicySnapshot | null) ?? null,
    after: (row.after as PolicySnapshot | null) ?? null,
    created: toWireDateTime(row.createdAt),
  };
}
