import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { hashPassword } from '../src/lib/auth/passwords.ts';
import { createCompany } from '../src/modules/companies/service.ts';
import { createEmployeeAccount } from '../src/modules/employees/service.ts';
import { createGroup } from '../src/modules/groups/service.ts';
import { publishTerms } from '../src/modules/terms/service.ts';
import {
  databaseNameOf,
  MONEY_BENCH_COMPANY,
  MONEY_BENCH_EMPLOYEE_EMAIL,
  MONEY_BENCH_RH_EMAIL,
  moneyBenchUrls,
  type SeedSummary,
} from './money-db.ts';
import {
  checkLedger,
  insertAccounts,
  insertAdvances,
  insertCards,
  insertEmployees,
  insertLedger,
  insertRecharges,
  insertWorkedTime,
  setIndexesAndForeignKeysAside,
} from './money-seed-sql.ts';

/**
 * `npm run bench:seed`: the money benchmark's data (issue 3) in its own PostgreSQL database, dropped
 * and recreated on every run (see money-db.ts for where). Migrates, then one company (advances and
 * top-ups on, fee 15 DH, no cut-off day) with 10 000 employees, 1 000 000 advances and 100 000
 * top-ups over the last 12 months, their ledger postings (decision 020), monthly wallet fundings,
 * and `vacuum analyze` (a production database has been vacuumed by autovacuum long ago).
 *
 * BENCH_EMPLOYEES, BENCH_ADVANCES and BENCH_RECHARGES change the volumes (e.g. for a quick try).
 */
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 10_000);
const ADVANCES = Number(process.env.BENCH_ADVANCES ?? 1_000_000);
const RECHARGES = Number(process.env.BENCH_RECHARGES ?? 100_000);
const FEE_CENTIMES = 1500n;
/** Left in the wallet on top of the month's fundings, so simulations can pass INSUFFICIENT_FUNDS. */
const WALLET_CUSHION_CENTIMES = 100_000_000n; // 1 000 000 DH

const { server, bench } = moneyBenchUrls();
const name = databaseNameOf(bench);
const started = performance.now();
const steps: Record<string, number> = {};
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await run();
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  steps[label] = seconds;
  console.log(`  ${label}: ${seconds} s`);
  return result;
}

console.log(`Seeding ${name} (${EMPLOYEES} employees, ${ADVANCES} advances, ${RECHARGES} top-ups)…`);
const admin = new pg.Client({ connectionString: server });
try {
  await admin.connect();
} catch (error) {
  console.error(`PostgreSQL does not answer at ${server}: ${(error as Error).message}`);
  console.error(
    'Start it, or point BENCH_DATABASE_URL (server) / BENCH_MONEY_DATABASE_URL (database) at one.',
  );
  process.exit(1);
}
await step('drop and create the database', async () => {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
});

const database = openDatabase({ databaseUrl: bench, pgliteDir: 'unused', poolSize: 2 });
await step('migrate', () => database.migrate());

const db = database.db;
const passwordHash = await hashPassword(DEMO_PASSWORD);
const longAgo = new Date(Date.now() - 400 * 86_400_000);
const { company, rh, groupIds } = await step('company, groups, RH, terms', async () => {
  const company = await createCompany(db, {
    name: MONEY_BENCH_COMPANY,
    itemsPerPage: 20,
    advancesEnabled: true,
    rechargesEnabled: true,
    advanceFeeCentimes: FEE_CENTIMES,
    advanceCutoffDay: null,
    createdAt: longAgo,
  });
  const groupIds: number[] = [];
  for (const groupName of ['Siège Casablanca', 'Usine Kénitra', 'Commercial', 'Logistique'])
    groupIds.push((await createGroup(db, company.id, { name: groupName, createdAt: longAgo })).id);
  const rh = await createEmployeeAccount(db, {
    companyId: company.id,
    firstName: 'Nadia',
    lastName: 'Berrada',
    email: MONEY_BENCH_RH_EMAIL,
    phone: '+212700000001',
    cin: 'RH000001',
    roles: ['RH'],
    passwordHash,
    phoneConfirmed: true,
    employee: { status: 'activated', serial: 'BM-RH-0001', salaryCentimes: 2_000_000n, groupId: groupIds[0] },
  });
  // Every private call checks the latest terms were accepted: make that lookup find a real row.
  await publishTerms(db, {
    version: 'bench-1',
    content: '<p>Conditions du banc d’essai.</p>',
    publishedAt: longAgo,
  });
  return { company, rh, groupIds };
});

const client = new pg.Client({ connectionString: bench });
await client.connect();
// Bulk-load settings for this session only: large sorts in memory, no wait on each commit's flush.
await client.query(`set work_mem = '256MB'`);
await client.query(`set maintenance_work_mem = '512MB'`);
await client.query('set synchronous_commit = off');

const count = async (table: string) =>
  Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);

await step('employees (users + employees)', () =>
  insertEmployees(client, { companyId: company.id, count: EMPLOYEES, passwordHash, groupIds }),
);
await step('terms acceptances', () =>
  client.query(
    `insert into terms_acceptances (user_id, terms_id, accepted_at)
     select u.id, t.id, t.published_at from users u cross join terms t
     where u.company_id = $1 and u.password_hash is not null`,
    [company.id],
  ),
);
await step('prepaid cards', () => insertCards(client, company.id));
await step('worked time', () => insertWorkedTime(client, company.id, rh.user.id));
// The four big tables are loaded bare, their indexes and foreign keys rebuilt once afterwards.
const aside = await step('set indexes and foreign keys aside', () =>
  setIndexesAndForeignKeysAside(client, ['advances', 'recharges', 'ledger_transactions', 'ledger_entries']),
);
await step('advances', () =>
  insertAdvances(client, { companyId: company.id, count: ADVANCES, feeCentimes: FEE_CENTIMES }),
);
await step('top-ups', () => insertRecharges(client, { companyId: company.id, count: RECHARGES }));
const accounts = await step('ledger accounts', () => insertAccounts(client, company.id));
const ledger = await step('ledger transactions and entries', () =>
  insertLedger(client, { companyId: company.id, accounts, walletCushionCentimes: WALLET_CUSHION_CENTIMES }),
);
await step(`rebuild ${aside.indexes} indexes, ${aside.foreignKeys} foreign keys`, () => aside.restore());
const check = await step('ledger check (sums, balances)', () => checkLedger(client));
if (check.unbalanced > 0 || check.drift > 0) {
  console.error(
    `Ledger inconsistent: ${check.unbalanced} unbalanced transactions, ${check.drift} drifting balances.`,
  );
  process.exit(1);
}
await step('vacuum analyze', () => client.query('vacuum (analyze)'));

const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
const summary: SeedSummary = {
  companyId: company.id,
  employees: await count('employees'),
  advances: await count('advances'),
  recharges: await count('recharges'),
  seededAt: new Date().toISOString(),
  seedSeconds,
  steps,
};
// Written last: money.bench.ts treats a database without this row as not seeded.
await client.query('create table bench_money_seed (id serial primary key, summary jsonb not null)');
await client.query('insert into bench_money_seed (summary) values ($1)', [summary]);

const { rows: state } = await client.query<{
  wallet: string;
  pending: string;
  this_month: string;
  size: string;
}>(
  `select (select balance_centimes from ledger_accounts where kind = 'company_wallet' and company_id = $1)::text as wallet,
          (select count(*) from advances where status = 'pending')::text as pending,
          (select count(*) from advances
           where created_at >= date_trunc('month', now() at time zone 'Africa/Casablanca') at time zone 'Africa/Casablanca')::text
             as this_month,
          pg_size_pretty(pg_database_size(current_database())) as size`,
  [company.id],
);
await client.end();
await database.close();

const s = state[0]!;
console.log(`\nSeeded ${name} in ${seedSeconds} s (${s.size}).`);
console.log(
  `  ${summary.employees} employees, ${summary.advances} advances (${s.this_month} this month, ${s.pending} pending), ` +
    `${summary.recharges} top-ups, ${ledger.transactions} ledger transactions, ${ledger.entries} entries; ` +
    `wallet ${(Number(BigInt(s.wallet) / 100n)).toLocaleString('fr-FR')} DH.`,
);
console.log(`Logins (password ${DEMO_PASSWORD}):`);
console.log(
  `  employee: ${MONEY_BENCH_EMPLOYEE_EMAIL} (any salarie<N>@bench-money.ma, N = 1…${EMPLOYEES}, except N % 20 = 7 (invited) and N % 100 = 13 (left))`,
);
console.log(`  RH:       ${MONEY_BENCH_RH_EMAIL}`);
console.log(`Try it: DATABASE_URL=${bench} npm run start -w @tasbiq/api`);
