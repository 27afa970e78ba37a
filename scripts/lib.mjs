// Small helpers shared by the repo scripts (test-all, e2e, bench).
import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * The project runs on the Node that `npm ci` puts in node_modules/.bin (the `node` package, decision
 * 023): its time zone rules know Morocco's 2026 change. `npm test` / `npm run …` use it; a script
 * started by hand with an older system Node would test yesterday's rules, so it stops.
 */
export function assertPinnedNode() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  console.error(
    `Node ${process.version} is too old for Tasbiq (Node 24+ needed). Run the scripts through npm ` +
      '(`npm test`, `npm run …`): after `npm ci` they use the pinned Node in node_modules/.bin.',
  );
  process.exit(1);
}

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: false, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The PostgreSQL server to run the API tests against a second time, if one answers. */
export async function postgresServerUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (process.env.SKIP_PG_TESTS === '1') return null;
  return (await canConnect('127.0.0.1', 5432)) ? 'postgres://postgres@127.0.0.1:5432/postgres' : null;
}

/** A TCP port free on 127.0.0.1 right now (for a server a script starts). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The Redis server for the multi-process test's Redis half (rate limits), if one answers. */
export async function redisServerUrl() {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  return (await canConnect('127.0.0.1', 6379)) ? 'redis://127.0.0.1:6379' : null;
}
