import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * `npm run bench`: req/s and p99 latency of our routes beside bare Fastify routes on the same
 * machine and database, printed as a table with ratios. Numbers go in the issues' notes.
 */
type Result = { name: string; rps: number; p99: number; errors: number; non2xx: number };

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

// BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the servers (open it in Chrome DevTools).
const profile = process.env.BENCH_CPU_PROFILE
  ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
  : [];
const child = fork(fileURLToPath(new URL('./account-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', ...profile],
});
const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { app: number; bare: number }));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const api = `http://127.0.0.1:${ports.app}/api`;
const bare = `http://127.0.0.1:${ports.bare}`;

const login = await fetch(`${api}/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'salarie@demo.ma', password: 'Tasbiq#2026' }),
});
const { access } = (await login.json()) as { access: string };
const termsRes = await fetch(`${api}/terms/latest`, { headers: { authorization: `Bearer ${access}` } });
const latest = (await termsRes.json()) as { id: number };
await fetch(`${api}/terms/`, {
  method: 'POST',
  headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
  body: JSON.stringify({ terms: latest.id }),
});
const account = (await (
  await fetch(`${api}/auth/account`, { headers: { authorization: `Bearer ${access}` } })
).json()) as {
  id: number;
};

console.log(`Benchmark: ${CONNECTIONS} connections, ${DURATION} s per route, PostgreSQL\n`);
const pairs: Array<[Result, Result]> = [];
const ours = await load('GET /api/auth/account', `${api}/auth/account`, {
  authorization: `Bearer ${access}`,
});
const bareJson = await load('bare Fastify GET (static JSON)', `${bare}/bare`);
const bareSql = await load('bare Fastify GET (same user row via pg)', `${bare}/bare-sql/${account.id}`);
pairs.push([ours, bareJson], [ours, bareSql]);

const rows = [ours, bareJson, bareSql].map((r) => ({
  route: r.name,
  'req/s': Math.round(r.rps),
  'p99 ms': r.p99,
  errors: r.errors + r.non2xx,
}));
console.table(rows);
for (const [a, b] of pairs) {
  console.log(
    `${a.name} vs ${b.name}: ${(a.rps / b.rps).toFixed(2)} × req/s, p99 ${a.p99} ms vs ${b.p99} ms`,
  );
}
child.send('stop');
