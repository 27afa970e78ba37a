import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { jwtSecretFileOf, resolveJwtSecret } from '../src/lib/auth/jwt-secret.ts';
import { createTokenService } from '../src/lib/auth/tokens.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Issue 8 §5: what a fresh install does by default (decision 026). */
let t: TestApp;
let proxied: TestApp;
const scratch: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY_HOPS: 1 });
});
afterAll(async () => {
  await Promise.all([t.close(), proxied.close()]);
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const PUBLIC_DEV_SECRET = 'dev-only-secret-change-me-in-production-0123456789';

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tasbiq-data-'));
  scratch.push(dir);
  return dir;
}

/** What `npm start` on a data directory reads: development, no JWT_SECRET, PGlite in <dir>/db. */
const startConfig = (dir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'development', PGLITE_DIR: path.join(dir, 'db'), ...env });

describe('the token signing secret', () => {
  it('is generated on the first start, kept beside the data (0600), and the same after a restart', async () => {
    const dir = dataDir();
    const first = resolveJwtSecret(startConfig(dir));
    expect(first).toMatchObject({ source: 'file', created: true, file: path.join(dir, 'jwt-secret') });
    expect(first.secret).not.toBe(PUBLIC_DEV_SECRET);
    expect(first.secret.length).toBeGreaterThanOrEqual(64);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);

    const restart = resolveJwtSecret(startConfig(dir));
    expect(restart).toMatchObject({ secret: first.secret, created: false });

    // A token signed before the restart is still good after it: nobody is logged out.
    const before = createTokenService(first.secret, { db: t.db });
    const after = createTokenService(restart.secret, { db: t.db });
    const token = await before.sign(1, 'access', 'full', 'some-session');
    await expect(after.verify(token, 'access')).resolves.toMatchObject({ userId: 1 });
  });

  it('differs between two data directories, so a token of one install is refused by another', async () => {
    const a = resolveJwtSecret(startConfig(dataDir()));
    const b = resolveJwtSecret(startConfig(dataDir()));
    expect(a.secret).not.toBe(b.secret);
    const token = await createTokenService(a.secret, { db: t.db }).sign(1, 'access', 'full', 's');
    await expect(createTokenService(b.secret, { db: t.db }).verify(token, 'access')).rejects.toMatchObject({
      code: 'token_not_valid',
    });
  });

  it('is JWT_SECRET when set, without writing any file', () => {
    const dir = dataDir();
    const secret = 'an-operator-chosen-secret-of-enough-length-42';
    expect(resolveJwtSecret(startConfig(dir, { JWT_SECRET: secret }))).toEqual({ secret, source: 'env' });
    expect(() => statSync(path.join(dir, 'jwt-secret'))).toThrow();
  });

  it('lives where JWT_SECRET_FILE says, and a broken file stops the start instead of logging everyone out', () => {
    const dir = dataDir();
    const file = path.join(dir, 'keys', 'signing');
    const made = resolveJwtSecret(startConfig(dataDir(), { JWT_SECRET_FILE: file }));
    expect(made.file).toBe(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(made.secret);

    writeFileSync(file, 'short\n');
    expect(() => resolveJwtSecret(startConfig(dataDir(), { JWT_SECRET_FILE: file }))).toThrow(
      /usable JWT secret/,
    );
  });

  it('is still required in production, and the former public default is refused there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: PUBLIC_DEV_SECRET })).toThrow(/JWT_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-production-secret-0123456789abcdef' })
        .JWT_SECRET,
    ).toBe('a-real-production-secret-0123456789abcdef');
  });

  it('is random per process for an in-memory database (tests), never the public default', () => {
    expect(jwtSecretFileOf({ PGLITE_DIR: 'memory://' })).toBeNull();
    expect(t.ctx.config.JWT_SECRET).not.toBe(PUBLIC_DEV_SECRET);
    expect(t.ctx.config.JWT_SECRET).not.toBe(proxied.ctx.config.JWT_SECRET);
  });
});

describe('GET /api/dev/sandbox_cards/{id}', () => {
  const printed = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/sandbox_cards/1', remoteAddress, headers });

  it('tells a caller on this machine the number printed on a sandbox card (none here), nobody else', async () => {
    const local = await printed('127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.json()).toEqual({ card_number: null, stage: null });
    for (const [address, headers] of [
      ['203.0.113.7', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
    ] as const) {
      const res = await printed(address, headers);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ code: 'permission_denied' });
    }
  });
});

describe('GET /api/dev/outbox', () => {
  const outbox = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  it('answers callers on this machine (the Playwright journeys read it from localhost)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await outbox(t, address)).statusCode, address).toBe(200);
    }
  });

  it('refuses any other address with 403 permission_denied: it holds OTP codes and reset links', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      const res = await outbox(t, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ code: 'permission_denied', attr: null });
    }
  });

  it('is not fooled by X-Forwarded-For when proxy hops are trusted: the socket decides', async () => {
    // TRUST_PROXY_HOPS=1 makes request.ip the header's address: a remote client claiming localhost.
    const spoofed = await outbox(proxied, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' });
    expect(spoofed.statusCode).toBe(403);
  });

  it('refuses a remote client relayed by a proxy on this machine', async () => {
    const relayed: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7;proto=https' },
    ];
    for (const headers of relayed) {
      expect((await outbox(proxied, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(403);
      expect((await outbox(t, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(403);
    }
  });
});

describe('Cache-Control on API answers (ASVS 8.2.1)', () => {
  it('is no-store on successes, errors, 404s and downloads alike', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/auth/account' }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: { username: 'x@y.ma', password: 'z' },
      }),
      t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' }),
      t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '203.0.113.7' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 401, 200, 403]);
    for (const res of answers) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
  });
});
