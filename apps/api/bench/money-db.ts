import pg from 'pg';

/**
 * Where the money benchmark's data lives (`npm run bench:seed` writes it, money.bench.ts reads it).
 *
 * A database of its own, `tasbiq_bench_money` on the PostgreSQL server of BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), or the full URL in
 * BENCH_MONEY_DATABASE_URL. Not `tasbiq_bench`: account-servers.ts drops and recreates that one on
 * every `npm run bench`. Not DATABASE_URL either: the seed drops the database it writes to, and
 * DATABASE_URL is usually someone's development data.
 */
export const MONEY_BENCH_DATABASE = 'tasbiq_bench_money';

/** Marks a finished seed (a half-seeded database must read as missing, not be benchmarked). */
export const MONEY_BENCH_COMPANY = 'Bench Money SARL';
export const MONEY_BENCH_RH_EMAIL = 'rh@bench-money.ma';
export const MONEY_BENCH_EMPLOYEE_EMAIL = 'salarie1@bench-money.ma';

export function moneyBenchUrls(env: NodeJS.ProcessEnv = process.env): { server: string; bench: string } {
  if (env.BENCH_MONEY_DATABASE_URL) {
    const server = new URL(env.BENCH_MONEY_DATABASE_URL);
    server.pathname = '/postgres';
    return { server: server.toString(), bench: env.BENCH_MONEY_DATABASE_URL };
  }
  const server = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const bench = new URL(server);
  bench.pathname = `/${MONEY_BENCH_DATABASE}`;
  return { server, bench: bench.toString() };
}

export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export type SeedSummary = {
  companyId: number;
  employees: number;
  advances: number;
  recharges: number;
  seededAt: string;
  seedSeconds: number;
  /** Seconds per step of the seed. */
  steps: Record<string, number>;
};

/**
 * The seed's summary when the bench database exists and was fully seeded, else a French-free
 * reason (developer output) saying what is missing.
 */
export async function readSeedSummary(
  benchUrl: string,
): Promise<{ ok: true; summary: SeedSummary } | { ok: false; reason: string }> {
  const client = new pg.Client({ connectionString: benchUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    return { ok: false, reason: `cannot open ${databaseNameOf(benchUrl)}: ${(error as Error).message}` };
  }
  try {
    const { rows } = await client.query<{ summary: SeedSummary }>(
      'select summary from bench_money_seed order by id desc limit 1',
    );
    if (!rows[0]) return { ok: false, reason: 'the seed did not finish' };
    return { ok: true, summary: rows[0].summary };
  } catch {
    return { ok: false, reason: 'the seed did not finish' };
  } finally {
    await client.end();
  }
}
