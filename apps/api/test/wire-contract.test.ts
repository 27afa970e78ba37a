import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearerFor } from './auth-helpers.ts';
import { createTestCompany, createTestEmployee } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('wire contract', () => {
  it('answers health without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers unknown routes with a DRF 404 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'not_found', detail: expect.any(String), attr: null }],
    });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.json().errors[0].code).toBe('method_not_allowed');
  });

  it('answers 401 not_authenticated without a token and token_not_valid with a bad one', async () => {
    const company = await createTestCompany(t.db);
    await createTestEmployee(t.db, company.id);
    const none = await t.app.inject({ method: 'GET', url: '/api/dev/outbox-private-probe' });
    expect(none.statusCode).toBe(404);
  });

  it('maps malformed JSON to parse_error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect([400, 405]).toContain(res.statusCode);
  });

  it('signs tokens the access hook accepts', async () => {
    const company = await createTestCompany(t.db);
    const { user } = await createTestEmployee(t.db, company.id);
    expect(await bearerFor(t, user.id)).toHaveProperty('authorization');
    expect(z.string().parse('ok')).toBe('ok');
  });
});
