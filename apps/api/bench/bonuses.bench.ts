import { BONUS_CAP } from '@tasbiq/contracts/constants';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { employees } from '../src/db/schema/employees.ts';
import { createCompany } from '../src/modules/companies/service.ts';
import { fundCompanyWallet } from '../src/modules/company-wallet/service.ts';
import { createEmployeeAccount } from '../src/modules/employees/service.ts';
import { freshBenchDatabase } from './fresh-database.ts';

/**
 * `BENCH_ONLY=bonuses npm run bench` (issue 13): on a fresh PostgreSQL database, a company of
 * 5 000 employees; each run creates an individual bonus for all 5 000 (one amount each) in ONE
 * `POST /api/bonuses/`, then a DRH confirms it (`POST /api/bonuses/{id}/reply/`: the four-eyes
 * checks, 5 000 lines confirmed, the wallet posting under its lock, the payout job queued on
 * pg-boss). Median of 3 runs. Target: each ≤ 2 s.
 */
const EMPLOYEES = Number(process.env.BENCH_BONUS_EMPLOYEES ?? BONUS_CAP);
const RUNS = 3;
const TARGET_MS = 2000;

const name = 'tasbiq_bench_bonuses';
const { url, config, database } = await freshBenchDatabase(name, { poolSize: 10 });
const { app, ctx } = await buildApp({
  config: { ...config, DATABASE_URL: url.toString(), WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
await app.ready();
const { db } = database;

const company = await createCompany(db, { name: 'Bench primes', bonusesEnabled: true });
await fundCompanyWallet(db, { companyId: company.id, amountCentimes: 10_000_000_000n, reference: 'bench' });
const rh = await createEmployeeAccount(db, {
  companyId: company.id,
  firstName: 'Rhita',
  lastName: 'Bench',
  email: 'rh@bench-bonuses.ma',
  roles: ['RH'],
});
const drh = await createEmployeeAccount(db, {
  companyId: company.id,
  firstName: 'Driss',
  lastName: 'Bench',
  email: 'drh@bench-bonuses.ma',
  roles: ['DRH'],
});
const auth = async (userId: number) => ({
  authorization: `Bearer ${(await ctx.tokens.pair(userId, 'full')).access}`,
});

// The staff: set-based (the app's own services would take a minute for 5 000 accounts).
await db.execute(`
  insert into users (first_name, last_name, email, phone, cin)
  select 'Salarié', 'N° ' || g, 'salarie' || g || '@bench-bonuses.ma', '+2126' || lpad(g::text, 8, '0'),
         'BB' || lpad(g::text, 6, '0')
  from generate_series(1, ${EMPLOYEES}) g`);
await db.execute(`
  insert into employees (company_id, user_id, serial, rib, status)
  select ${company.id}, u.id, 'M' || substr(u.cin, 3), '011780000012345678901234', 'activated'
  from users u where u.email like '%@bench-bonuses.ma' and u.cin like 'BB%'`);
const staff = await db
  .select({ id: employees.id })
  .from(employees)
  .where(eq(employees.companyId, company.id))
  .orderBy(employees.id);
const ids = staff.map((s) => s.id).filter((id) => id !== rh.employee.id && id !== drh.employee.id);
const rhAuth = await auth(rh.user.id);
const drhAuth = await auth(drh.user.id);

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

async function oneRun(run: number) {
  const payload = {
    title: 'performance',
    type: 'individual',
    comment: `Bench ${run}`,
    amounts: ids.map((employee, i) => ({ employee, amount: 100 + (i % 900) })),
  };
  const [createMs, created] = await timed(() =>
    app.inject({ method: 'POST', url: '/api/bonuses/', headers: rhAuth, payload }),
  );
  if (created.statusCode !== 201)
    throw new Error(`create: ${created.statusCode} ${created.body.slice(0, 300)}`);
  const bonus = created.json() as { id: number; beneficiaries_count: number };
  if (bonus.beneficiaries_count !== ids.length) throw new Error('not every employee is in the bonus');
  const [confirmMs, confirmed] = await timed(() =>
    app.inject({
      method: 'POST',
      url: `/api/bonuses/${bonus.id}/reply/`,
      headers: drhAuth,
      payload: { reply: 'confirm' },
    }),
  );
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body.slice(0, 300)}`);
  return { createMs, confirmMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(
  `Bonuses: ${ids.length} beneficiaries per bonus, median of ${RUNS} runs, PostgreSQL, jobs ${ctx.jobs.kind}\n`,
);
await oneRun(99); // warm-up: JIT, prepared statements, connection pool
const creates: number[] = [];
const confirms: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const { createMs, confirmMs } = await oneRun(run);
  creates.push(createMs);
  confirms.push(confirmMs);
}
const createMs = median(creates);
const confirmMs = median(confirms);
console.table([
  {
    what: `POST /api/bonuses/ (${ids.length} individual amounts)`,
    'median ms': Math.round(createMs),
    'runs ms': creates.map(Math.round).join(', '),
  },
  {
    what: 'POST /api/bonuses/{id}/reply/ confirm (lines, ledger, job queued)',
    'median ms': Math.round(confirmMs),
    'runs ms': confirms.map(Math.round).join(', '),
  },
]);
const met = createMs <= TARGET_MS && confirmMs <= TARGET_MS;
console.log(`target ≤ ${TARGET_MS} ms each: ${met ? 'met' : 'MISSED'}`);

await app.close();
await database.close();
// The database stays until the next run drops it (like the other benches).
if (!met) process.exitCode = 1;
