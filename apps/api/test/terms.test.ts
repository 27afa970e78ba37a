import { ZTerms } from '@tasbiq/contracts/terms';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances } from '../src/db/schema/content.ts';
import { toWireDateTime } from '../src/lib/time.ts';
import { createAccount } from '../src/modules/accounts/service.ts';
import { publishTerms } from '../src/modules/terms/service.ts';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The tests of this file run in order: they publish versions one after the other. */
let t: TestApp;
let headers: Record<string, string>;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  const company = await createTestCompany(t.db);
  const { user } = await createTestEmployee(t.db, company.id);
  userId = user.id;
  headers = await bearerFor(t, user.id);
});
afterAll(() => t.close());

const latest = (h = headers) => t.app.inject({ method: 'GET', url: '/api/terms/latest', headers: h });
const accept = (payload: unknown, h = headers) =>
  t.app.inject({ method: 'POST', url: '/api/terms/', headers: h, payload: payload as object });

async function acceptancesOf(termsId: number) {
  const [row] = await t.db
    .select({ value: count() })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.termsId, termsId)));
  return Number(row?.value);
}

describe('terms of use', () => {
  it('answers 404 not_found while no terms were ever published', async () => {
    const res = await latest();
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].code).toBe('not_found');
  });

  it('refuses to accept terms that do not exist', async () => {
    const res = await accept({ terms: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'validation_error',
      errors: [{ code: 'invalid', detail: expect.any(String), attr: 'terms' }],
    });
  });

  let v1: number;
  it('shows the latest version, not yet accepted, before acceptance', async () => {
    const published = await publishTerms(t.db, { version: '2026.1', content: '<h1>CGU</h1><p>Objet</p>' });
    v1 = published.id;
    const res = await latest();
    expect(res.statusCode).toBe(200);
    expect(ZTerms.strict().parse(res.json())).toEqual({
      id: v1,
      version: '2026.1',
      content: '<h1>CGU</h1><p>Objet</p>',
      created: toWireDateTime(published.publishedAt),
      accepted: false,
    });
  });

  it.each([
    [{}, 'required'],
    [{ terms: null }, 'null'],
    [{ terms: 'abc' }, 'invalid'],
    [{ terms: 0 }, 'min_value'],
  ])('validates the body %j', async (payload, code) => {
    const res = await accept(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ code, detail: expect.any(String), attr: 'terms' }]);
  });

  it('accepts the latest version, idempotently', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await accept({ terms: v1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: v1, version: '2026.1', accepted: true });
    }
    expect(await acceptancesOf(v1)).toBe(1);
    expect((await latest()).json().accepted).toBe(true);
  });

  it('asks again when a new version is published, and refuses the old one', async () => {
    const v2 = await publishTerms(t.db, { version: '2026.2', content: '<p>Nouvelle version</p>' });
    expect((await latest()).json()).toMatchObject({ id: v2.id, version: '2026.2', accepted: false });
    const stale = await accept({ terms: v1 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual([{ code: 'invalid', detail: expect.any(String), attr: 'terms' }]);
    expect((await accept({ terms: v2.id })).statusCode).toBe(200);
  });

  it('works for an account without a company too', async () => {
    const staff = await createAccount(t.db, {
      firstName: 'Support',
      lastName: 'Tasbiq',
      email: 'cgu@tasbiq.ma',
    });
    const staffHeaders = await bearerFor(t, staff.id);
    const current = (await latest(staffHeaders)).json();
    expect(current.accepted).toBe(false);
    expect((await accept({ terms: current.id }, staffHeaders)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await latest({})).statusCode).toBe(401);
    expect((await accept({ terms: v1 }, {})).statusCode).toBe(401);
  });
});
