import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { databaseNameOf, moneyBenchUrls, readSeedSummary } from './money-db.ts';

/**
 * `BENCH_ONLY=money npm run bench` (also part of `npm run bench`): issue 3's benchmark on the
 * database `npm run bench:seed` builds (10 000 employees, 1 000 000 advances). req/s and p99 at 64
 * connections for GET /api/employees/solde, POST /api/advances/simulate/ and
 * GET /api/advances/?limit=20, each beside a bare Fastify route running the same SQL through raw
 * `pg`, and their ratios. Every request is another employee's (BENCH_MONEY_EMPLOYEES tokens in
 * turn, 1000 by default), so no single row stays hot. Targets: ≥ 0.6 of the bare route, p99 ≤ 25 ms.
 *
 * Without a seeded bench database it says how to make one and exits 0: `npm run bench` must not
 * fail on a fresh machine.
 */
type Result = { name: string; rps: number; p99: number; errors: number; non2xx: number };
type Ready = {
  app: number;
  bare: number;
  tokens: Array<{ employeeId: number; userId: number; access: string }>;
};

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Each side of each route runs BENCH_ROUNDS times DURATION / BENCH_ROUNDS seconds, alternating. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 25;
const SIMULATED_AMOUNT = JSON.stringify({ amount: '100' });
/** BENCH_MONEY_DETAIL=1 adds a third row per route: the bare route plus the app's session lookup. */
const DETAIL = process.env.BENCH_MONEY_DETAIL === '1';

const { bench: benchUrl } = moneyBenchUrls();
const seed = await readSeedSummary(benchUrl);
if (!seed.ok) {
  console.log(
    `Money benchmark skipped: ${seed.reason}.\n` +
      `Create its database (${databaseNameOf(benchUrl)}, ~2 minutes) with \`npm run bench:seed\`, then run ` +
      '`BENCH_ONLY=money npm run bench`.',
  );
  process.exit(0);
}
const { summary } = seed;

// BENCH_CPU_PROFILE=dir writes a V8 CPU profile of the servers (open it in Chrome DevTools).
const profile = process.env.BENCH_CPU_PROFILE
  ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE]
  : [];
const child = fork(fileURLToPath(new URL('./money-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx', ...profile],
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
// Whatever happens below, the servers' process must not outlive this one.
process.on('exit', () => child.kill());
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});

const appOrigin = `http://127.0.0.1:${ready.app}`;
const bareOrigin = `http://127.0.0.1:${ready.bare}`;
const { tokens } = ready;

type Side = 'app' | 'bare' | 'bare-auth';
type Target = {
  method: 'GET' | 'POST';
  /** The URL path and headers of the n-th request on each side. */
  path: (side: Side, n: number) => string;
  headers: (side: Side, n: number) => Record<string, string>;
  body?: string;
};

const json = { 'content-type': 'application/json' };
const person = (n: number) => tokens[n % tokens.length]!;
const bearer = (side: Side, n: number) =>
  side === 'app' ? { authorization: `Bearer ${person(n).access}` } : ({} as Record<string, string>);
/** The bare routes take the ids from the path (`/bare/solde/<employee>/<user>`). */
const barePath = (side: Side, route: string, n: number) =>
  `/${side}/${route}/${person(n).employeeId}/${person(n).userId}`;

const targets: Record<string, Target> = {
  'GET /api/employees/solde': {
    method: 'GET',
    path: (side, n) => (side === 'app' ? '/api/employees/solde' : barePath(side, 'solde', n)),
    headers: bearer,
  },
  'POST /api/advances/simulate/': {
    method: 'POST',
    body: SIMULATED_AMOUNT,
    path: (side, n) => (side === 'app' ? '/api/advances/simulate/' : barePath(side, 'simulate', n)),
    headers: (side, n) => ({ ...json, ...bearer(side, n) }),
  },
  'GET /api/advances/?limit=20': {
    method: 'GET',
    path: (side, n) => (side === 'app' ? '/api/advances/?limit=20' : barePath(side, 'advances', n)),
    headers: bearer,
  },
};

/** Load on one route, each request for the next employee in turn. */
async function load(
  name: string,
  origin: string,
  target: Target,
  side: Side,
  options: { connections: number; duration: number },
): Promise<Result> {
  let n = 0;
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.duration,
    requests: [
      {
        method: target.method,
        ...(target.body ? { body: target.body } : {}),
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            path: target.path(side, i),
            headers: { ...request.headers, ...target.headers(side, i) },
          };
        },
      },
    ],
  });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

// Sanity: every route answers 200, and the app and the bare route agree on the list.
for (const [name, target] of Object.entries(targets)) {
  for (const side of ['app', 'bare', 'bare-auth'] as const) {
    const response = await fetch(`${side === 'app' ? appOrigin : bareOrigin}${target.path(side, 0)}`, {
      method: target.method,
      headers: target.headers(side, 0),
      ...(target.body ? { body: target.body } : {}),
    });
    if (response.status !== 200)
      throw new Error(`${name} (${side}) answered ${response.status}: ${await response.text()}`);
  }
}
const ourList = (await (
  await fetch(`${appOrigin}${targets['GET /api/advances/?limit=20']!.path('app', 0)}`, {
    headers: bearer('app', 0),
  })
).json()) as { count: number; results: { id: number }[] };
const bareList = (await (
  await fetch(`${bareOrigin}${targets['GET /api/advances/?limit=20']!.path('bare', 0)}`)
).json()) as {
  count: number;
  results: unknown[][];
};
if (ourList.count !== bareList.count || ourList.results[0]?.id !== bareList.results[0]?.[0])
  throw new Error(`the two list routes disagree: ${ourList.count} vs ${bareList.count}`);

console.log(
  `Benchmark: money (issue 3) on ${databaseNameOf(benchUrl)}: ${summary.employees} employees, ` +
    `${summary.advances} advances, ${summary.recharges} top-ups (seeded ${summary.seededAt.slice(0, 10)} ` +
    `in ${summary.seedSeconds} s); requests rotate over ${tokens.length} employees; ` +
    `${CONNECTIONS} connections, ${DURATION} s per route and side in ${ROUNDS} alternating rounds ` +
    '(medians), PostgreSQL\n',
);

/**
 * The machine is shared (PostgreSQL, the servers, the load generator, often other work), and its
 * load drifts: each route is measured in BENCH_ROUNDS rounds alternating app and bare, and a
 * figure is the median over rounds (the ratio too, taken round by round between neighbours).
 */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
function combine(name: string, results: Result[]): Result {
  return {
    name,
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
  };
}

// Warm every route on both sides (JIT, connections, PostgreSQL caches) before measuring any.
for (const [name, target] of Object.entries(targets)) {
  for (const side of ['app', 'bare', ...(DETAIL ? (['bare-auth'] as const) : [])] as const)
    await load(name, side === 'app' ? appOrigin : bareOrigin, target, side, { connections: 8, duration: 2 });
}

const rows: Array<{ app: Result; bare: Result; bareAuth?: Result; ratio: number }> = [];
const round = { connections: CONNECTIONS, duration: Math.max(1, Math.ceil(DURATION / ROUNDS)) };
for (const [name, target] of Object.entries(targets)) {
  const apps: Result[] = [];
  const bares: Result[] = [];
  const bareAuths: Result[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    apps.push(await load(name, appOrigin, target, 'app', round));
    bares.push(await load(name, bareOrigin, target, 'bare', round));
    if (DETAIL) bareAuths.push(await load(name, bareOrigin, target, 'bare-auth', round));
  }
  rows.push({
    app: combine(name, apps),
    bare: combine('  bare Fastify + pg (same SQL)', bares),
    ...(DETAIL ? { bareAuth: combine('  bare + session lookup (2 queries)', bareAuths) } : {}),
    ratio: median(apps.map((app, i) => app.rps / bares[i]!.rps)),
  });
}

console.table(
  rows.flatMap(({ app, bare, bareAuth }) =>
    [app, bare, ...(bareAuth ? [bareAuth] : [])].map((r) => ({
      route: r.name,
      'req/s': Math.round(r.rps),
      'p99 ms': r.p99,
      errors: r.errors + r.non2xx,
    })),
  ),
);
let missed = 0;
for (const { app, bare, ratio } of rows) {
  const ok = ratio >= TARGET_RATIO && app.p99 <= TARGET_P99_MS;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} ${app.name}: ${ratio.toFixed(2)} × the bare route's req/s (median of the rounds' ratios) ` +
      `(target ≥ ${TARGET_RATIO}), p99 ${app.p99} ms vs ${bare.p99} ms (target ≤ ${TARGET_P99_MS} ms)`,
  );
}
if (missed > 0) console.log(`${missed} route(s) miss the targets; see apps/api/bench/README.md.`);
child.send('stop');
