// `npm run bench`: runs the API benchmark scripts (they need the local PostgreSQL).
import { postgresServerUrl, run } from './lib.mjs';

const url = process.env.BENCH_DATABASE_URL ?? (await postgresServerUrl());
if (!url) {
  console.error('The benchmarks run on PostgreSQL: start it or set BENCH_DATABASE_URL.');
  process.exit(1);
}
process.exit(
  await run('npx', ['tsx', 'apps/api/bench/run.ts'], { env: { ...process.env, BENCH_DATABASE_URL: url } }),
);
