import { eq } from 'drizzle-orm';
import { bonuses, bonusPayments } from '../src/db/schema/bonuses.ts';
import { createTenant, type Person } from './advances-helpers.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestEmployee } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** A funded company with an RH, two DRH (four eyes needs a second one) and helpers to call bonuses. */
export async function createBonusTenant(t: TestApp, options: Parameters<typeof createTenant>[1] = {}) {
  const tenant = await createTenant(t, options);
  const drh2User = await createTestEmployee(t.db, tenant.company.id, { roles: ['DRH'], lastName: 'Drh2' });
  const drh2: Person = { ...drh2User, auth: await bearerFor(t, drh2User.user.id) };
  return { ...tenant, drh2 };
}
export type BonusTenant = Awaited<ReturnType<typeof createBonusTenant>>;

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  auth: Record<string, string>,
  payload?: unknown,
) {
  return t.app.inject({ method, url, headers: auth, payload: payload as object | undefined });
}

/** An individual bonus of `amount` DH for each of `people`, created by the tenant's RH. */
export async function createIndividualBonus(
  t: TestApp,
  tenant: BonusTenant,
  people: Array<{ employee: { id: number } }>,
  amount = '500',
  extra: Record<string, unknown> = {},
) {
  const response = await call(t, 'POST', '/api/bonuses/', tenant.rh.auth, {
    title: 'performance',
    type: 'individual',
    amounts: people.map((p) => ({ employee: p.employee.id, amount })),
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`bonus not created: ${response.body}`);
  return response.json() as { id: number; total_amount: string; status: string };
}

/** A multipart body with one file under `file`, as a browser's FormData sends it. */
export async function fileUpload(name: string, data: Buffer | string, type = 'text/csv') {
  const form = new FormData();
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function parseFile(
  t: TestApp,
  auth: Record<string, string>,
  name: string,
  data: Buffer | string,
) {
  const body = await fileUpload(name, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/bonuses/parse/',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

export async function paymentsOf(t: TestApp, bonusId: number) {
  return t.db.select().from(bonusPayments).where(eq(bonusPayments.bonusId, bonusId));
}

export async function bonusRow(t: TestApp, bonusId: number) {
  const [row] = await t.db.select().from(bonuses).where(eq(bonuses.id, bonusId));
  return row!;
}
