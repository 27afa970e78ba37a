import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { moneyBenchUrls } from './money-db.ts';
import { captureMoneySql, type Statement } from './money-sql.ts';

/**
 * Child process of bench/money.bench.ts: the real app on the seeded bench database
 * (`npm run bench:seed`) and bare Fastify routes running the very SQL the app runs through raw `pg`,
 * so the load generator (in the parent) does not share an event loop with them.
 *
 * The bare routes do not replicate the SQL by hand: they IMPORT it from the app's own query code
 * (money-sql.ts: `loadSpendingState` as drizzle sends it for solde and simulate,
 * `advancePageQuery(…).toSQL()` for the list), with each request's employee id swapped in.
 */
const EMPLOYEES = Number(process.env.BENCH_MONEY_EMPLOYEES ?? 1000);
const POOL_SIZE = 20;

const { bench: url } = moneyBenchUrls();
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  // The benchmark reads only; no pg-boss schema in the bench database.
  JOBS_DRIVER: 'in-process',
});
const database = openDatabase({ databaseUrl: url, pgliteDir: 'unused', poolSize: POOL_SIZE });
// A migration added since the seed (e.g. an index) applies here, on the seeded data.
await database.migrate();
const { app, ctx } = await buildApp({
  config: { ...config, DATABASE_URL: url, WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });

/** The bare routes' pool, as large as the app's. */
const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
const { rows: companyRows } = await pool.query<{ id: number }>(
  `select id from companies where advances_enabled order by id limit 1`,
);
const companyId = companyRows[0]!.id;

// Employees who can use the app (activated, active, not restricted), spread over the id range.
const { rows: people } = await pool.query<{ employee_id: number; user_id: number }>(
  `select e.id as employee_id, e.user_id from employees e join users u on u.id = e.user_id
   where e.company_id = $1 and e.status = 'activated' and e.is_active and u.is_active and not e.is_restricted
     and not ('RH' = any(u.roles))
   order by md5(e.id::text) limit $2`,
  [companyId, EMPLOYEES],
);
// Access tokens minted as the login would (same service, same secret): argon2 logins for a
// thousand employees would take a minute and measure nothing of interest here.
const tokens = await Promise.all(
  people.map(async (p) => ({
    employeeId: p.employee_id,
    userId: p.user_id,
    access: (await ctx.tokens.pair(p.user_id, 'full')).access,
  })),
);

const sql = await captureMoneySql(pool, companyId);

const bare = Fastify({ logger: false });
type Ids = { employeeId: number; userId: number };
const idsOf = (request: { params: unknown }): Ids => {
  const params = request.params as { employee: string; user: string };
  return { employeeId: Number(params.employee), userId: Number(params.user) };
};
// Rows as arrays, as drizzle reads them; a named prepared statement exactly when the app uses one.
const query = (statement: Statement, ids: Ids) =>
  pool.query<unknown[]>({
    ...(statement.name ? { name: statement.name } : {}),
    text: statement.text,
    values: sql.forEmployee(statement, ids),
    rowMode: 'array',
  });
const run = async (statement: Statement, ids: Ids) => (await query(statement, ids)).rows;
/**
 * `/bare-auth/…` (BENCH_MONEY_DETAIL=1) first runs the app's per-request session lookup: two round
 * trips like the app, no framework around them.
 */
const session = (ids: Ids) => query(sql.session, ids);
for (const prefix of ['/bare', '/bare-auth']) {
  const auth = prefix === '/bare-auth';
  bare.get(`${prefix}/solde/:employee/:user`, async (request) => {
    const ids = idsOf(request);
    if (auth) await session(ids);
    return { row: (await run(sql.spending, ids))[0] };
  });
  bare.post(`${prefix}/simulate/:employee/:user`, async (request) => {
    const ids = idsOf(request);
    if (auth) await session(ids);
    return { amount: (request.body as { amount: string }).amount, row: (await run(sql.spending, ids))[0] };
  });
  bare.get(`${prefix}/advances/:employee/:user`, async (request) => {
    const ids = idsOf(request);
    if (auth) await session(ids);
    const rows = await run(sql.page, ids);
    return { count: Number(rows[0]?.at(-1) ?? 0), results: rows };
  });
}
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.send?.({
  app: port(app),
  bare: port(bare),
  tokens,
});
process.on('message', async (message) => {
  if (message === 'stop') {
    await Promise.all([app.close(), bare.close()]);
    await Promise.all([pool.end(), database.close()]);
    process.exit(0);
  }
});
