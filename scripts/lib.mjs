// Small helpers shared by the repo scripts (test-all, e2e, bench).
import { spawn } from 'node:child_process';
import net from 'node:net';

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
