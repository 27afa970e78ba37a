import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { createCompany } from '../src/modules/companies/service.ts';
import { SEARCH_EXACT_COUNT_LIMIT, searchPageSql, searchProbeSql } from '../src/modules/employees/queries.ts';
import { matchingShare, readSearchTextStatistics } from '../src/modules/employees/search-estimate.ts';
import { createEmployeeAccount } from '../src/modules/employees/service.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { freshBenchDatabase } from './fresh-database.ts';

/**
 * Child process of bench/employee-search.bench.ts: a fresh PostgreSQL database with one company
 * of 10,000 employees, the real app, and a bare Fastify route running the very statements the app
 * runs for the page (rendered by drizzle) through raw `pg`, in the same order: the name-order probe
 * as a prepared statement, its total estimated from the column's statistics as the app does
 * (decision 051), then, when the probe did not hold the page, the page of every match (decision
 * 050).
 */
export const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
/** The terms measured, comma-separated: one whose matches come first in name order, one last. */
export const SEARCH_TERMS = (process.env.BENCH_SEARCH ?? 'alaoui,zniber').split(',');
export const PAGE_SIZE = 20;

const name = 'tasbiq_bench_employees';
const { url, config, database } = await freshBenchDatabase(name, { poolSize: 20 });

/** The bare route's pool (also used to bulk-insert the rows). */
const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });

const company = await createCompany(database.db, { name: 'Bench SARL', itemsPerPage: PAGE_SIZE });
const groupIds: number[] = [];
for (const groupName of ['Siège', 'Usine', 'Commercial', 'Logistique'])
  groupIds.push((await createGroup(database.db, company.id, { name: groupName })).id);
const rh = await createEmployeeAccount(database.db, {
  companyId: company.id,
  firstName: 'Nadia',
  lastName: 'Bench',
  email: 'rh@bench.ma',
  phone: '+212500000001',
  cin: 'RH000001',
  roles: ['RH'],
  phoneConfirmed: true,
});

// Bulk rows in SQL: a benchmark needs volume, not the services' checks (the tests cover those).
const started = Date.now();
await pool.query(
  `with people as (
     insert into users (email, phone, first_name, last_name, cin, company_id, phone_confirmed_at)
     select 'salarie' || i || '@bench.ma',
            '+2126' || lpad(i::text, 8, '0'),
            (array['Yassine','Salma','Karim','Nadia','Omar','Fatima Zahra','Hicham','Meryem','Youssef','Khadija'])[1 + i % 10],
            (array['Alaoui','Bennani','Tazi','El Amrani','Idrissi','Chraibi','Berrada','Kettani','Fassi','Benjelloun',
                   'Lahlou','Sqalli','Naciri','Ouazzani','Bouzid','Mansouri','Zniber','Guessous','Skalli','Amrani'])[1 + (i / 10) % 20],
            'B' || chr(65 + i % 26) || lpad(i::text, 6, '0'),
            $1, now()
     from generate_series(1, $2::int) as i
     returning id, cin
   )
   insert into employees (company_id, user_id, group_id, serial, salary_centimes, status)
   select $1, p.id, ($3::int[])[1 + (row_number() over ()) % 5], 'M-' || substr(p.cin, 3),
          300000 + (row_number() over ()) * 37 % 2000000,
          (array['activated','activated','activated','invited','deactivated'])[1 + (row_number() over ()) % 5]
   from people p`,
  [company.id, EMPLOYEES, groupIds],
);
await pool.query('analyze');
const seeded = Date.now() - started;

const { app, ctx } = await buildApp({
  config: { ...config, DATABASE_URL: url.toString(), WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { access } = await ctx.tokens.pair(rh.user.id, 'full');

// Exactly what GET /api/employees/?search=…&limit=20 sends to PostgreSQL, per term.
const statements = new Map(
  SEARCH_TERMS.map((term) => {
    const filters = { search: [term], limit: PAGE_SIZE, offset: 0 };
    return [
      term,
      {
        probe: searchProbeSql(database.db, company.id, term, filters),
        page: searchPageSql(database.db, company.id, term, filters),
      },
    ] as const;
  }),
);
const statistics = await readSearchTextStatistics(database.db);
const companySize = EMPLOYEES + 1; // and the RH
const bare = Fastify({ logger: false });
bare.get<{ Querystring: { term: string } }>('/bare-search', async (request) => {
  const statement = statements.get(request.query.term)!;
  // Rows as arrays, as drizzle reads them (several columns share a name, e.g. the two ids).
  const probe = await pool.query<unknown[]>({
    name: 'bare_search_probe',
    text: statement.probe.text,
    values: statement.probe.values,
    rowMode: 'array',
  });
  if (probe.rows.length > PAGE_SIZE) {
    // The app's estimate (decision 051): arithmetic on statistics it reads once a minute; here once.
    const share = matchingShare(statistics, String(probe.rows[0]!.at(-1)));
    const estimate = Math.round(companySize * share!);
    // The app counts exactly below this; the bench's terms are all above it.
    if (estimate <= SEARCH_EXACT_COUNT_LIMIT) throw new Error('choose a term with more matches');
    const results = probe.rows.slice(0, PAGE_SIZE).map((row) => ({ id: row[0], row }));
    return { count: Math.max(estimate, probe.rows.length), results };
  }
  const { rows } = await pool.query<unknown[]>({
    name: 'bare_search_page',
    text: statement.page.text,
    values: statement.page.values,
    rowMode: 'array',
  });
  return { count: Number(rows[0]?.at(-1) ?? 0), results: rows.map((row) => ({ id: row[0], row })) };
});
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.send?.({ app: port(app), bare: port(bare), access, seededMs: seeded, employees: EMPLOYEES });
process.on('message', async (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuUs: user + system });
  }
  if (message === 'stop') {
    await Promise.all([app.close(), bare.close(), pool.end()]);
    await database.close();
    process.exit(0);
  }
});
