import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newEmployee, post } from './auth-test-utils.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 3 });
});
afterAll(() => t.close());

describe('per-IP limit on auth calls', () => {
  it('answers 429 throttled with Retry-After past the limit on /auth/token', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await post(t, '/api/auth/token', { username: 'x@y.ma', password: 'whatever' });
      expect(res.statusCode).toBe(401);
    }
    const res = await post(t, '/api/auth/token/', { username: 'x@y.ma', password: 'whatever' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      type: 'client_error',
      errors: [{ code: 'throttled', detail: expect.any(String), attr: null }],
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each call separately and limits password-reset and OTP calls too', async () => {
    // /auth/token is exhausted above; the refresh call is not limited per IP.
    expect((await post(t, '/api/auth/token/refresh', { refresh: 'x' })).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(t, '/api/auth/password-reset', { username: 'x@y.ma' })).statusCode).toBe(200);
    }
    expect((await post(t, '/api/auth/password-reset', { username: 'x@y.ma' })).statusCode).toBe(429);

    const { user } = await newEmployee(t, { phoneConfirmed: false });
    const { access } = await t.ctx.tokens.pair(user.id, 'otp');
    for (let i = 0; i < 3; i += 1) {
      expect((await post(t, '/api/auth/otp/verify', { otp: '000000' }, bearer(access))).statusCode).toBe(400);
    }
    const limited = await post(t, '/api/auth/otp/verify', { otp: '000000' }, bearer(access));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('does not limit other IPs', async () => {
    const { user } = await newEmployee(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { username: user.email!, password: 'Tasbiq#2026' },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('client IP behind proxies', () => {
  it('ignores X-Forwarded-For by default, so a client cannot pick its IP to dodge the limit', async () => {
    const own = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await own.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'x@y.ma', password: 'whatever' },
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await own.close();
    }
  });

  it('trusts the configured number of proxy hops', async () => {
    const own = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1, TRUST_PROXY_HOPS: 1 });
    try {
      const call = (ip: string) =>
        own.app.inject({
          method: 'POST',
          url: '/api/auth/token',
          payload: { username: 'x@y.ma', password: 'whatever' },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': ip },
        });
      expect((await call('198.51.100.1')).statusCode).toBe(401);
      expect((await call('198.51.100.2')).statusCode).toBe(401);
      expect((await call('198.51.100.1')).statusCode).toBe(429);
    } finally {
      await own.close();
    }
  });
});
