import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

/** The PostgreSQL server the benches use (BENCH_DATABASE_URL, else the local one). */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database `name` on the bench server (dropped first if a previous run left it), migrated,
 * and the production configuration the benches start the app with (their own settings on top).
 * One place for what every bench that starts a fresh database or server repeated.
 */
export async function freshBenchDatabase(name: string, options: { poolSize: number }) {
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  const database = openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: 'unused',
    poolSize: options.poolSize,
  });
  await database.migrate();
  return { url, config, database };
}
