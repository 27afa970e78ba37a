import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { defaultOcrPoolSize } from '../src/lib/ocr/ocr-pool.ts';
import { shutdownOcr } from '../src/lib/ocr/recognize.ts';
import { checkCinImages } from '../src/modules/cards/cin-check/check-cin-images.ts';
import { CIN_PERSON, drawCinBack, drawCinFront, photoLike } from '../test/support/cin-images.ts';

/**
 * `npm run bench` (BENCH_ONLY=cin-ocr): the CIN check of one card order (both sides, as phone
 * JPEGs), then one API process's hot reads with and without orders being checked beside them
 * (issue 11's benchmark; decision 031).
 *
 * 1. Latency: BENCH_CIN_ORDERS orders (default 12) one after another → median and p95.
 * 2. Throughput: the same number started at once (they queue for the OCR pool) → orders/minute.
 * 3. Interference: GET /api/auth/account loaded for BENCH_SECONDS with nothing else, then again
 *    while the API process checks orders non-stop (2 at a time) → req/s and p99 both ways.
 */
const ORDERS = Number(process.env.BENCH_CIN_ORDERS ?? 12);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const front = await photoLike(await drawCinFront());
const back = await photoLike(await drawCinBack());
const now = new Date('2026-11-24T10:00:00Z');
const checkOne = () =>
  checkCinImages({ front, back, expectedCin: CIN_PERSON.cin, now, expiryMarginDays: 30 });

console.log(`CIN check: ${ORDERS} orders, OCR pool of ${defaultOcrPoolSize()} worker(s) on this machine\n`);
const warm = await checkOne(); // starts the worker
if (!warm.ok) throw new Error(`the bench order is refused: ${JSON.stringify(warm)}`);

const times: number[] = [];
for (let i = 0; i < ORDERS; i += 1) {
  const started = performance.now();
  const result = await checkOne();
  times.push(performance.now() - started);
  if (!result.ok) throw new Error(`order ${i} refused: ${JSON.stringify(result)}`);
}
times.sort((a, b) => a - b);

const burstStarted = performance.now();
const burst = await Promise.all(Array.from({ length: ORDERS }, () => checkOne()));
const burstMs = performance.now() - burstStarted;
await shutdownOcr();

console.table([
  {
    'one order (both sides)': 'sequential',
    'median ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'orders/min': Math.round((60_000 * ORDERS) / times.reduce((a, b) => a + b, 0)),
  },
  {
    'one order (both sides)': `${ORDERS} at once`,
    'median ms': '',
    'p95 ms': '',
    'orders/min': Math.round((60_000 * burst.filter((r) => r.ok).length) / burstMs),
  },
]);

// ---- hot reads with and without OCR in the same API process ----

const child = fork(fileURLToPath(new URL('./cin-ocr-servers.ts', import.meta.url)), {
  execArgv: ['--import', 'tsx'],
});
const ports = await new Promise<{ app: number }>((resolve, reject) => {
  child.once('message', (m) => resolve(m as { app: number }));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const api = `http://127.0.0.1:${ports.app}/api`;
const login = await fetch(`${api}/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'salarie@demo.ma', password: 'Tasbiq#2026' }),
});
const { access } = (await login.json()) as { access: string };
const headers = { authorization: `Bearer ${access}` };
const latest = (await (await fetch(`${api}/terms/latest`, { headers })).json()) as { id: number };
await fetch(`${api}/terms/`, {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({ terms: latest.id }),
});

async function loadAccount() {
  const r = await autocannon({
    url: `${api}/auth/account`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const quiet = await loadAccount();
child.send({ type: 'ocr-start', parallel: 2 });
const busy = await loadAccount();
const ordersDone = await new Promise<number>((resolve) => {
  child.once('message', (m) => resolve((m as { done: number }).done));
  child.send({ type: 'ocr-stop' });
});
child.send({ type: 'stop' });

console.log(`\nGET /api/auth/account, ${CONNECTIONS} connections, ${DURATION} s, same API process\n`);
console.table([
  {
    'OCR in the process': 'none',
    'req/s': Math.round(quiet.rps),
    'p99 ms': quiet.p99,
    errors: quiet.errors,
    orders: '',
  },
  {
    'OCR in the process': 'orders checked non-stop',
    'req/s': Math.round(busy.rps),
    'p99 ms': busy.p99,
    errors: busy.errors,
    orders: `${ordersDone} (${Math.round((60 * ordersDone) / DURATION)}/min)`,
  },
]);
console.log(
  `with OCR vs without: ${(busy.rps / quiet.rps).toFixed(2)} × req/s, p99 ${busy.p99} ms vs ${quiet.p99} ms`,
);
