import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * `BENCH_ONLY=employee-search npm run bench`: GET /api/employees/?search=<term>&limit=20 on a
 * company of 10,000 employees, beside a bare Fastify route running the same SQL through raw `pg`,
 * for each term of BENCH_SEARCH (default: "alaoui", whose 500 matches come first in name order,
 * and "zniber", whose 500 come last). req/s and p99 at 64 connections, and their ratio.
 */
type Result = { name: string; rps: number; p99: number; errors: number; non2xx: number; cpuUs: number };

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TERMS = process.env.BENCH_SEARCH ?? 'alaoui,zniber';

/** CPU time (µs) the servers' process has used: both routes share it, and they are timed in turn. */
function serverCpu(): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { cpuUs: number }).cpuUs));
    child.send('cpu');
  });
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const cpuBefore = await serverCpu();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    // The API process's own work per request (PostgreSQL's is not in it): steadier than req/s
    // on a shared machine, where the load generator and PostgreSQL take the other core.
    cpuUs: ((await serverCpu()) - cpuBefore) / result.requests.total,
  };
}

// BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the servers (open it in Chrome DevTools).
const profile = process.env.BENCH_CPU_PROFILE
  ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
  : [];
const child = fork(fileURLToPath(new URL('./employee-search-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', ...profile],
  env: { ...process.env, BENCH_SEARCH: TERMS },
});
const ready = await new Promise<{
  app: number;
  bare: number;
  access: string;
  seededMs: number;
  employees: number;
}>((resolve, reject) => {
  child.once('message', (m) => resolve(m as never));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
// Whatever happens below, the servers' process must not outlive this one.
process.on('exit', () => child.kill());
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});
const headers = { authorization: `Bearer ${ready.access}` };
console.log(
  `Benchmark: employee search, ${ready.employees} employees (seeded in ${ready.seededMs} ms), ` +
    `page of 20, ${CONNECTIONS} connections, ${DURATION} s per route, PostgreSQL\n`,
);
for (const term of TERMS.split(',')) {
  const ourUrl = `http://127.0.0.1:${ready.app}/api/employees/?search=${encodeURIComponent(term)}&limit=20`;
  const bareUrl = `http://127.0.0.1:${ready.bare}/bare-search?term=${encodeURIComponent(term)}`;

  // Sanity: both answer the same page before we time them.
  const ours = (await (await fetch(ourUrl, { headers })).json()) as {
    count: number;
    count_is_estimate?: boolean;
    results: { id: number }[];
  };
  const theirs = (await (await fetch(bareUrl)).json()) as { count: number; results: { id: number }[] };
  if (ours.count !== Number(theirs.count) || ours.results[0]?.id !== theirs.results[0]?.id)
    throw new Error(`the two routes disagree: ${ours.count} vs ${theirs.count}`);
  const total = ours.count_is_estimate ? `about ${ours.count} matches (estimate)` : `${ours.count} matches`;
  console.log(`search=${term}: ${total}`);

  // Warm both (JIT, PostgreSQL plan cache) before measuring.
  await autocannon({ url: ourUrl, connections: 8, duration: 2, headers });
  await autocannon({ url: bareUrl, connections: 8, duration: 2 });
  const app = await load(`GET /api/employees/?search=${term}&limit=20`, ourUrl, headers);
  const bare = await load(`bare Fastify + pg (same SQL, ${term})`, bareUrl);
  console.table(
    [app, bare].map((r) => ({
      route: r.name,
      'req/s': Math.round(r.rps),
      'p99 ms': r.p99,
      errors: r.errors + r.non2xx,
      'server CPU µs/req': Math.round(r.cpuUs),
    })),
  );
  console.log(
    `${app.name} vs ${bare.name}: ${(app.rps / bare.rps).toFixed(2)} × req/s, p99 ${app.p99} ms vs ${bare.p99} ms\n`,
  );
}
child.send('stop');
