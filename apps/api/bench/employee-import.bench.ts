import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EMPLOYEE_IMPORT_COLUMNS } from '@tasbiq/contracts/employee-imports';
import { ribKey } from '@tasbiq/contracts/validators';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../src/app.ts';
import { createCompany } from '../src/modules/companies/service.ts';
import { createEmployeeAccount } from '../src/modules/employees/service.ts';
import { freshBenchDatabase } from './fresh-database.ts';

/**
 * `BENCH_ONLY=employee-import npm run bench`: POST /employees/import/ of a valid 10,000-row CSV on
 * a fresh PostgreSQL database (median of 3 runs, each into a fresh company), beside a PostgreSQL
 * `COPY … FROM STDIN` of the same bytes into a scratch table with the same columns, typed: the
 * floor for getting these rows into the database. Target: the import within 3 s.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const RUNS = 3;
const TARGET_MS = 3000;

const name = 'tasbiq_bench_import';
const { url, config, database } = await freshBenchDatabase(name, { poolSize: 10 });
const { app, ctx } = await buildApp({
  config: { ...config, DATABASE_URL: url.toString(), WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
await app.ready();

/** One valid file of ROWS people; `run` keeps phones, CINs, e-mails and matricules unique across runs. */
function csvFor(run: number): Buffer {
  const header = EMPLOYEE_IMPORT_COLUMNS.map((c) => c.name);
  const lines = [header.join(';')];
  for (let i = 0; i < ROWS; i += 1) {
    const n = run * 100_000 + i;
    const digits = String(n).padStart(8, '0');
    const ribBody = `011780${String(n).padStart(16, '0')}`;
    const cells: Record<string, string> = {
      matricule: `M${digits}`,
      nom: 'Benaïssa',
      prenom: `Hélène ${i}`,
      cin: `B${String.fromCharCode(65 + (run % 26))}${String(i).padStart(6, '0')}`,
      telephone: `06${digits}`,
      email: `salarie.${digits}@bench.ma`,
      date_naissance: `${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/19${70 + (i % 30)}`,
      salaire: `${4000 + (i % 9000)},50`,
      taux_horaire: '',
      net_a_payer: '',
      rib: `${ribBody}${ribKey(ribBody)}`,
      groupe: '',
      pourcentage_avance: String(((i % 10) + 1) * 10),
      avances_par_mois: '-1',
      avances_gratuites: '1',
      plafond_mensuel: '5000',
      methode_solde: String((i % 4) + 1),
    };
    lines.push(header.map((h) => cells[h] ?? '').join(';'));
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

async function multipart(file: Buffer) {
  const form = new FormData();
  form.append('send_sms', 'false');
  form.append('csvfile', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'salaries.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function timeImport(run: number): Promise<number> {
  const company = await createCompany(database.db, { name: `Bench ${run}` });
  const { user } = await createEmployeeAccount(database.db, {
    companyId: company.id,
    firstName: 'Rhita',
    lastName: 'Bench',
    email: `rh.${run}@bench.ma`,
    roles: ['RH'],
  });
  const { access } = await ctx.tokens.pair(user.id, 'full');
  const body = await multipart(csvFor(run));
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/employees/import/',
    headers: { authorization: `Bearer ${access}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  const elapsed = performance.now() - started;
  const answer = response.json() as { created?: number };
  if (response.statusCode !== 200 || answer.created !== ROWS)
    throw new Error(`import failed: ${response.statusCode} ${response.body.slice(0, 500)}`);
  return elapsed;
}

const SCRATCH_COLUMNS = `
  matricule text, nom text, prenom text, cin text, telephone text, email text, date_naissance date,
  salaire numeric(12,2), taux_horaire numeric(12,2), net_a_payer numeric(12,2), rib text, groupe text,
  pourcentage_avance int, avances_par_mois int, avances_gratuites int, plafond_mensuel numeric(12,2),
  methode_solde int`;

/** COPY of the same file (decimal commas as points, the only thing COPY cannot read) into a typed table. */
async function timeCopy(run: number): Promise<number> {
  const text = csvFor(run + 10)
    .subarray(3)
    .toString('utf8')
    .replace(/(\d),(\d{2});/g, '$1.$2;');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(
      `drop table if exists import_copy_scratch; create table import_copy_scratch (${SCRATCH_COLUMNS})`,
    );
    await client.query(`set datestyle = 'ISO, DMY'`);
    const started = performance.now();
    await pipeline(
      Readable.from([Buffer.from(text, 'utf8')]),
      client.query(
        copyFrom(`copy import_copy_scratch from stdin with (format csv, delimiter ';', header true)`),
      ),
    );
    const elapsed = performance.now() - started;
    const { rows } = await client.query('select count(*)::int as n from import_copy_scratch');
    if (rows[0].n !== ROWS) throw new Error(`COPY loaded ${rows[0].n} rows`);
    return elapsed;
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(`Employee import: ${ROWS} rows, median of ${RUNS} runs on fresh companies, PostgreSQL\n`);
await timeImport(25); // warm-up: JIT, prepared statements, connection pool
const imports: number[] = [];
const copies: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  imports.push(await timeImport(run));
  copies.push(await timeCopy(run));
}
const importMs = median(imports);
const copyMs = median(copies);
console.table([
  {
    what: 'POST /api/employees/import/ (validate + insert)',
    'median ms': Math.round(importMs),
    'runs ms': imports.map(Math.round).join(', '),
    'rows/s': Math.round((ROWS / importMs) * 1000),
  },
  {
    what: 'COPY FROM STDIN into a typed scratch table',
    'median ms': Math.round(copyMs),
    'runs ms': copies.map(Math.round).join(', '),
    'rows/s': Math.round((ROWS / copyMs) * 1000),
  },
]);
console.log(
  `import / COPY: ${(importMs / copyMs).toFixed(1)} ×; target ≤ ${TARGET_MS} ms: ${importMs <= TARGET_MS ? 'met' : 'MISSED'}`,
);

await app.close();
await database.close();
// The database stays until the next run drops it (like account.bench.ts): dropping it "with
// (force)" right after closing the pool would kill connections that are still saying goodbye.
if (importMs > TARGET_MS) process.exitCode = 1;
