// `npm test`: everything a reviewer would run, in order, stopping at the first failure:
// typecheck, lint, unit + API (PGlite) + component tests, API tests again on PostgreSQL
// (when a server answers on 127.0.0.1:5432 or TEST_DATABASE_URL is set), then the web build
// and the Playwright journeys in headless Chromium.
import { postgresServerUrl, run } from './lib.mjs';

const steps = [
  ['Typecheck', 'npm', ['run', 'typecheck']],
  ['Lint', 'npm', ['run', 'lint']],
  ['Unit, API (PGlite) and component tests', 'npx', ['vitest', 'run']],
];
const pgUrl = await postgresServerUrl();
if (pgUrl) {
  steps.push([
    'API tests on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'api'],
    { env: { ...process.env, TEST_DATABASE_URL: pgUrl } },
  ]);
} else {
  console.warn(
    '\n! No PostgreSQL server found: API tests run on PGlite only (set TEST_DATABASE_URL to add it).',
  );
}
if (process.env.SKIP_E2E !== '1') steps.push(['Playwright journeys', 'node', ['scripts/e2e.mjs']]);

const started = Date.now();
for (const [title, command, args, options] of steps) {
  console.log(`\n=== ${title} ===`);
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${title} failed (exit ${code})`);
    process.exit(code);
  }
}
console.log(`\n✓ All checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
