// `npm run bench`: runs every apps/api/bench/*.bench.ts in turn on the local PostgreSQL; each
// prints its own table (req/s, p99, ratios to a bare baseline). Then Lighthouse on the first pages
// (scripts/lighthouse.mjs). BENCH_ONLY=name runs one (BENCH_ONLY=lighthouse: only Lighthouse).
import { readdirSync } from 'node:fs';
import { assertPinnedNode, postgresServerUrl, run } from './lib.mjs';

assertPinnedNode();

const only = process.env.BENCH_ONLY;
const scripts = readdirSync('apps/api/bench')
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.startsWith(only)))
  .sort();
const url = process.env.BENCH_DATABASE_URL ?? (await postgresServerUrl());
if (!url && scripts.length > 0) {
  console.error('The benchmarks run on PostgreSQL: start it or set BENCH_DATABASE_URL.');
  process.exit(1);
}
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const code = await run('npx', ['tsx', `apps/api/bench/${script}`], {
    env: { ...process.env, BENCH_DATABASE_URL: url },
  });
  if (code !== 0) failed += 1;
}
if (!only || 'lighthouse'.startsWith(only)) {
  console.log('\n=== lighthouse (first page) ===');
  if ((await run(process.execPath, ['scripts/lighthouse.mjs'])) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
