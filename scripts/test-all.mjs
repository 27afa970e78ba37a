// `npm test`: everything a reviewer would run, in order, stopping at the first failure (a summary
// at the end lists each step as passed, failed or not run):
// typecheck, lint, unit + API (PGlite) + component tests, API tests again on PostgreSQL
// (when a server answers on 127.0.0.1:5432 or TEST_DATABASE_URL is set; with Redis on
// 127.0.0.1:6379 or TEST_REDIS_URL, the two-process test covers it too), the login page's
// JavaScript budget (scripts/login-page-budget.mjs), then the web build and the Playwright
// journeys in headless Chromium.
import { assertPinnedNode, postgresServerUrl, redisServerUrl, run } from './lib.mjs';

assertPinnedNode();

const steps = [
  ['Typecheck', 'npm', ['run', 'typecheck']],
  ['Lint', 'npm', ['run', 'lint']],
  ['Unit, API (PGlite) and component tests', 'npx', ['vitest', 'run']],
];
const pgUrl = await postgresServerUrl();
if (pgUrl) {
  // With a Redis server too, the two-process test (multi-process.test.ts) also proves the
  // rate limits counted in Redis.
  const redisUrl = await redisServerUrl();
  steps.push([
    'API tests on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'api'],
    { env: { ...process.env, TEST_DATABASE_URL: pgUrl, ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}) } },
  ]);
} else {
  console.warn(
    '\n! No PostgreSQL server found: API tests run on PGlite only (set TEST_DATABASE_URL to add it).',
  );
}
steps.push(["Login page's JavaScript budget", 'node', ['scripts/login-page-budget.mjs']]);
if (process.env.SKIP_E2E !== '1') steps.push(['Playwright journeys', 'node', ['scripts/e2e.mjs']]);

const started = Date.now();
/** What happened to each step, printed at the end so a failure never hides what did not run. */
const outcomes = steps.map(([title]) => ({ title, status: 'not run', seconds: 0 }));
let failure = 0;
for (const [index, [title, command, args, options]] of steps.entries()) {
  console.log(`\n=== ${title} ===`);
  const stepStarted = Date.now();
  const code = await run(command, args, options);
  outcomes[index].seconds = Math.round((Date.now() - stepStarted) / 1000);
  outcomes[index].status = code === 0 ? 'passed' : `failed (exit ${code})`;
  if (code !== 0) {
    failure = code;
    break;
  }
}

const mark = { passed: '✓', 'not run': '·' };
console.log('\n=== Summary ===');
for (const { title, status, seconds } of outcomes)
  console.log(`${mark[status] ?? '✗'} ${title}: ${status}${status === 'not run' ? '' : ` (${seconds} s)`}`);
const total = Math.round((Date.now() - started) / 1000);
if (failure !== 0) {
  console.error(`\n✗ Stopped at the first failure after ${total} s: the steps marked · did not run.`);
  process.exit(failure);
}
console.log(`\n✓ All checks passed in ${total} s`);
