/**
 * The production start (`npm run start:production`: plain `node src/server.ts`, Node 24 strips the
 * types itself) needs no dev tooling, refuses a missing secret, and serves no development routes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const apiDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `node src/server.ts` in production on a fresh embedded database; resolves with its output so far. */
function startProduction(env: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tasbiq-prod-'));
  dirs.push(dir);
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PGLITE_DIR: path.join(dir, 'db'),
      STORAGE_DIR: path.join(dir, 'files'),
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

async function waitForHealth(port: number, exited: Promise<number | null>) {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let attempt = 0; attempt < 300 && !gone; attempt += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the production server did not answer');
}

describe('production start', () => {
  it('runs on plain Node with a secret: health answers, no dev route exists', async () => {
    const port = await freePort();
    const server = startProduction({
      PORT: String(port),
      JWT_SECRET: 'a-production-secret-of-more-than-32-chars!',
    });
    const health = await waitForHealth(port, server.exited).catch((error) => {
      throw new Error(`${error}\n${server.output()}`);
    });
    expect(health.headers.get('casablanca-offset')).toMatch(/^[+-]\d{2}:\d{2}$/);
    // Every dev route (the outbox, the printed card number, the transfer counter) is absent, even to
    // a caller on this machine.
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/outbox`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/sandbox_cards/1`)).status).toBe(404);
    const collect = await fetch(`http://127.0.0.1:${port}/api/dev/transfers/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: '12345678' }),
    });
    expect(collect.status).toBe(404);
    expect(server.output()).toContain('Mode: production');
  }, 60_000);

  it('refuses to start without JWT_SECRET', async () => {
    const server = startProduction({ PORT: String(await freePort()) });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('JWT_SECRET');
  }, 60_000);
});
