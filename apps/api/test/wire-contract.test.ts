import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
