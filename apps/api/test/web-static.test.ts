import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiAnswer, isApiPath } from '../src/lib/security-headers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tasbiq-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  // What the build writes beside each file (vite-plugin-compression2).
  writeFileSync(path.join(dist, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(dist, 'assets', 'app-123.js.gz'), gzipSync('console.log(1)'));
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app served by the API', () => {
  it('serves its files without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('answers client-side routes with the SPA shell', async () => {
    for (const url of ['/', '/login', '/rh/employees/12', '/page-qui-nexiste-pas']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
    }
  });

  it('serves the build’s brotli or gzip copy to a browser that accepts it', async () => {
    const url = '/assets/app-123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers HEAD on a client-side route like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe('');
  });

  it('answers a missing file with a 404, never the HTML page', async () => {
    for (const url of ['/favicon.ico', '/robots.txt', '/assets/gone-456.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'] ?? '', url).not.toContain('text/html');
    }
  });

  it('keeps API answers in the wire format', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
    const privateCall = await t.app.inject({ method: 'GET', url: '/api/auth/account' });
    expect(privateCall.statusCode).toBe(401);
  });

  it('leaves the web files their own caching: no-store is for API answers only', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).not.toContain('no-store');
    const shell = await t.app.inject({ method: 'GET', url: '/login' });
    expect(shell.headers['cache-control']).not.toContain('no-store');
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers (decision 052)', () => {
  it('give the app’s pages and files helmet’s, with the single-page app’s CSP', async () => {
    for (const url of ['/login', '/assets/app-123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('give the API documentation’s pages helmet’s too (they are HTML)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('give every API answer, errors included, the short set for answers that are never pages', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/account' }), // 401
      await t.app.inject({ method: 'GET', url: '/api/ceci-nexiste-pas' }), // 404
      await t.app.inject({ method: 'GET', url: '/api/docsx' }), // not the documentation
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: 'x' } }), // 400
      // Refused by the router before any hook runs (not UTF-8 once decoded).
      await t.app.inject({ method: 'GET', url: '/api/groups/%ED%A0%80' }), // 404
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      // None of the document-only headers helmet adds to pages.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
    }
  });

  it('tell API answers from pages by path', () => {
    for (const url of [
      '/api',
      '/api/',
      '/api?x=1',
      '/api/employees/?search=a',
      '/api/docsx',
      '/api/documents/1',
    ])
      expect(isApiAnswer(url), url).toBe(true);
    for (const url of [
      '/',
      '/login',
      '/apiary',
      '/api/docs',
      '/api/docs/',
      '/api/docs?x',
      '/api/docs/static/x.js',
    ])
      expect(isApiAnswer(url), url).toBe(false);
    // The documentation is under /api all the same: never cached either.
    for (const url of ['/api', '/api/docs/', '/api/docs/static/x.js']) expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apiary', '/assets/app.js']) expect(isApiPath(url), url).toBe(false);
  });
});
