import { eq } from 'drizzle-orm';
import { advanceLimits, expenseValidators, travelPolicies } from '../src/db/schema/expense-policy.ts';
import { missionOrders } from '../src/db/schema/mission-orders.ts';
import { createTenant, type Person } from './advances-helpers.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestEmployee } from './factories.ts';
import type { TestApp } from './test-app.ts';

export const CASA = 1;
export const AGADIR = 84;
export const RABAT = 14;

/**
 * A funded company with an RH, a DRH, a validator (a plain employee) and helpers for mission
 * orders. The policy rows are written directly until the policy module's services exist to call.
 */
export async function createMissionTenant(t: TestApp, options: Parameters<typeof createTenant>[1] = {}) {
  const tenant = await createTenant(t, options);
  const validatorUser = await createTestEmployee(t.db, tenant.company.id, { lastName: 'Valideur' });
  await t.db
    .insert(expenseValidators)
    .values({ companyId: tenant.company.id, employeeId: validatorUser.employee.id });
  const validator: Person = { ...validatorUser, auth: await bearerFor(t, validatorUser.user.id) };
  return { ...tenant, validator };
}
export type MissionTenant = Awaited<ReturnType<typeof createMissionTenant>>;

export async function setAdvanceLimit(
  t: TestApp,
  companyId: number,
  dh: number,
  groupId: number | null = null,
) {
  await t.db.insert(advanceLimits).values({ companyId, groupId, amountCentimes: BigInt(dh * 100) });
}

export async function setRouteCeiling(
  t: TestApp,
  companyId: number,
  departureCityId: number | null,
  arrivalCityId: number | null,
  dh: number,
) {
  await t.db
    .insert(travelPolicies)
    .values({ companyId, departureCityId, arrivalCityId, ceilingCentimes: BigInt(dh * 100) });
}

export function odmBody(extra: Record<string, unknown> = {}) {
  return {
    title: 'Visite client Agadir',
    start_date: '2026-12-01',
    end_date: '2026-12-03',
    guests: 1,
    departure_city: CASA,
    arrival_city: AGADIR,
    description: 'Rendez-vous avec le client Souss Distribution.',
    advance_amount: '1500',
    ...extra,
  };
}

export function send(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  auth: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({ method, url, headers: auth, payload: payload as object | undefined });
}

export async function fileOrder(
  t: TestApp,
  auth: Record<string, string>,
  extra: Record<string, unknown> = {},
) {
  const res = await send(t, 'POST', '/api/expenses/odm/', auth, odmBody(extra));
  if (res.statusCode !== 201) throw new Error(`order not filed: ${res.body}`);
  return res.json() as { id: number; number: string; status: string; advance_amount: string };
}

/** A multipart body: text fields, then `files` parts. */
export async function multipart(
  fields: Record<string, string | number>,
  files: Array<{ name: string; data: Buffer; type?: string }> = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const file of files)
    form.append(
      'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function orderRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(missionOrders).where(eq(missionOrders.id, id));
  return row!;
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
