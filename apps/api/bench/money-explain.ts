import pg from 'pg';
import { moneyBenchUrls, readSeedSummary } from './money-db.ts';
import { captureMoneySql } from './money-sql.ts';

/**
 * `npx tsx apps/api/bench/money-explain.ts [employee-id]`: EXPLAIN (ANALYZE, BUFFERS) on the seeded
 * bench database of the statements behind the money benchmark (the session lookup of every private
 * call, the spending state of solde/simulate, the employee's advance page), for one employee
 * (default: the most active one). Run it after a migration that touches their indexes.
 */
const { bench } = moneyBenchUrls();
const seed = await readSeedSummary(bench);
if (!seed.ok) {
  console.log(`No bench database (${seed.reason}): run \`npm run bench:seed\` first.`);
  process.exit(0);
}
const pool = new pg.Pool({ connectionString: bench, max: 2 });
const companyId = seed.summary.companyId;
const sql = await captureMoneySql(pool, companyId);

const arg = process.argv[2] ? Number(process.argv[2]) : null;
const { rows } = await pool.query<{ employee_id: number; user_id: number; n: string }>(
  arg
    ? 'select e.id as employee_id, e.user_id, 0 as n from employees e where e.id = $1'
    : `select a.employee_id, e.user_id, count(*) as n from advances a join employees e on e.id = a.employee_id
       where a.company_id = $1 group by 1, 2 order by 3 desc limit 1`,
  [arg ?? companyId],
);
const who = rows[0];
if (!who) throw new Error('no such employee');
const ids = { employeeId: who.employee_id, userId: who.user_id };
console.log(`Employee ${ids.employeeId} (user ${ids.userId})\n`);

for (const [label, statement] of [
  ['session lookup (every private call)', sql.session],
  ['spending state (GET /employees/solde, POST /advances/simulate/)', sql.spending],
  ['advance page (GET /advances/?limit=20)', sql.page],
] as const) {
  const values = sql.forEmployee(statement, ids);
  // Twice: the first run warms the cache, the second is what a busy server sees.
  await pool.query(`explain (analyze) ${statement.text}`, values);
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${statement.text}`,
    values,
  );
  console.log(`=== ${label}\n${statement.text}\n`);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'), '\n');
}
await pool.end();
