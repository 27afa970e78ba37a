import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { ZErrorBody } from '@tasbiq/contracts/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { PROBE_SECRET, wireProbeRoutes } from './wire-probe-routes.ts';

/** The error half of the wire contract (ARCHITECTURE.md "API wire contract"), shape by shape. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { extraRoutes: wireProbeRoutes });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

/** The (attr, code) pairs of an error answer, after checking it has the wire shape. */
function problems(body: unknown) {
  const parsed = ZErrorBody.parse(body);
  return parsed.errors.map(({ attr, code }) => ({ attr, code }));
}

const valid = { name: 'Sara', age: 30, kind: 'advance' };

describe('validation errors', () => {
  it('accepts a valid body', async () => {
    const res = await post('/api/__test/echo', valid);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['missing field', { age: 30, kind: 'advance' }, 'name', 'required'],
    ['null', { ...valid, name: null }, 'name', 'null'],
    ['empty string', { ...valid, name: '' }, 'name', 'blank'],
    ['too long', { ...valid, name: 'Abdelkader' }, 'name', 'max_length'],
    ['wrong type', { ...valid, age: 'trente' }, 'age', 'invalid'],
    ['below minimum', { ...valid, age: 12 }, 'age', 'min_value'],
    ['above maximum', { ...valid, age: 120 }, 'age', 'max_value'],
    ['not a choice', { ...valid, kind: 'loan' }, 'kind', 'invalid_choice'],
    ['nested item', { ...valid, items: [{ amount: 5 }, { amount: -1 }] }, 'items.1.amount', 'min_value'],
    ['nested missing', { ...valid, items: [{}] }, 'items.0.amount', 'required'],
  ])('maps %s to its DRF code and field path', async (_label, payload, attr, code) => {
    const res = await post('/api/__test/echo', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('validation_error');
    expect(problems(res.json())).toEqual([{ attr, code }]);
  });

  it('lists one entry per problem, each with a French detail', async () => {
    const res = await post('/api/__test/echo', { name: '', age: 'x', kind: 'loan' });
    expect(problems(res.json())).toEqual([
      { attr: 'name', code: 'blank' },
      { attr: 'age', code: 'invalid' },
      { attr: 'kind', code: 'invalid_choice' },
    ]);
    const details = res.json().errors.map((e: { detail: string }) => e.detail);
    expect(details).toEqual([
      ERROR_MESSAGES_FR.blank,
      ERROR_MESSAGES_FR.invalid,
      ERROR_MESSAGES_FR.invalid_choice,
    ]);
  });

  it('says which limit was crossed', async () => {
    const res = await post('/api/__test/echo', { ...valid, name: 'Abdelkader' });
    expect(res.json().errors[0].detail).toContain('5 caractères');
  });

  it('reports a whole-body rule under non_field_errors with its business code', async () => {
    const res = await post('/api/__test/passwords', { password: 'a', confirm: 'b' });
    expect(res.statusCode).toBe(400);
    expect(problems(res.json())).toEqual([{ attr: 'non_field_errors', code: 'PASSWORD_MISMATCH' }]);
    expect(res.json().errors[0].detail).toBe(ERROR_MESSAGES_FR.PASSWORD_MISMATCH);
  });

  it('reports a body of the wrong kind under non_field_errors', async () => {
    const res = await post('/api/__test/echo', [1, 2]);
    expect(problems(res.json())).toEqual([{ attr: 'non_field_errors', code: 'invalid' }]);
  });

  it('names the query parameter that is wrong', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/query?size=0' });
    expect(res.statusCode).toBe(400);
    expect(problems(res.json())).toEqual([{ attr: 'size', code: 'min_value' }]);
  });
});

describe('client and server errors', () => {
  it('answers malformed JSON with parse_error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Sara",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'parse_error', detail: ERROR_MESSAGES_FR.parse_error, attr: null }],
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>Sara</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(problems(res.json())).toEqual([{ attr: null, code: 'unsupported_media_type' }]);
  });

  it('answers unknown paths with 404 not_found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'not_found', detail: ERROR_MESSAGES_FR.not_found, attr: null }],
    });
  });

  it('answers a known path with another method with 405 and Allow, slash or not', async () => {
    for (const url of ['/api/__test/echo', '/api/__test/echo/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(problems(res.json())).toEqual([{ attr: null, code: 'method_not_allowed' }]);
    }
  });

  it('answers a business error with its code and French detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/business' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'BALANCE_INSUFFICIENT', detail: ERROR_MESSAGES_FR.BALANCE_INSUFFICIENT, attr: null }],
    });
  });

  it('answers a crash with 500 error and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      type: 'server_error',
      errors: [{ code: 'error', detail: ERROR_MESSAGES_FR.error, attr: null }],
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain(PROBE_SECRET);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('throttles with 429 throttled and a Retry-After in seconds', async () => {
    const codes: number[] = [];
    let last = await t.app.inject({ method: 'GET', url: '/api/__test/throttled' });
    codes.push(last.statusCode);
    for (let i = 0; i < 2; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/__test/throttled' });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
    expect(last.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'throttled', detail: ERROR_MESSAGES_FR.throttled, attr: null }],
    });
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});

describe('a path the router cannot decode', () => {
  it('answers 404 in the wire format, like any unknown path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/groups/%ED%A0%80' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ZErrorBody.parse(res.json());
    expect(body).toEqual({
      type: 'client_error',
      errors: [{ code: 'not_found', detail: ERROR_MESSAGES_FR.not_found ?? 'not_found', attr: null }],
    });
  });
});
