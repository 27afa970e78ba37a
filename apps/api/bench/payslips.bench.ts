import { PDFDocument } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { buildApp } from '../src/app.ts';
import { createCompany } from '../src/modules/companies/service.ts';
import { createEmployeeAccount } from '../src/modules/employees/service.ts';
import { uploadBody } from '../test/payslips/payslip-test-kit.ts';
import { type PageSpec, payrollPdfWithPdfLib } from '../test/payslips/slip-pdf.ts';
import { freshBenchDatabase } from './fresh-database.ts';

/**
 * `BENCH_ONLY=payslips npm run bench` (issue 12): a 1 000-page payroll PDF (one slip per page,
 * 1 000 employees with CIN and matricule) uploaded to the real app on PostgreSQL with pg-boss, timed
 * from the upload to the job's `finished`, beside the raw rate of the same libraries in a plain loop
 * (unpdf reads every page's text, pdf-lib copies every page into a PDF of its own and saves it).
 * Also the process's memory peak (RSS) during the job. Goal: ≥ 0.5 of the raw rate.
 */
const PAGES = Number(process.env.BENCH_PAYSLIP_PAGES ?? 1000);
const GOAL = 0.5;

const name = 'tasbiq_bench_payslips';
const { url, config, database } = await freshBenchDatabase(name, { poolSize: 10 });
const { app, ctx } = await buildApp({
  config: {
    ...config,
    DATABASE_URL: url.toString(),
    WEB_DIST_DIR: '/nonexistent',
    STORAGE_DIR: `/tmp/${name}-files`,
  },
  database,
  logger: false,
});
await app.ready();
const { db } = database;

const company = await createCompany(db, { name: 'Bench fiches', fichesEnabled: true });
const rh = await createEmployeeAccount(db, {
  companyId: company.id,
  firstName: 'Rhita',
  lastName: 'Bench',
  email: 'rh@bench-fiches.ma',
  roles: ['RH'],
});
// The staff, set-based (the services would take a minute for 1 000 accounts).
await db.execute(`
  insert into users (first_name, last_name, email, phone, cin)
  select 'Salarié' || g, 'Fiche' || g, 'salarie' || g || '@bench-fiches.ma', '+2126' || lpad(g::text, 8, '0'),
         'PS' || lpad(g::text, 6, '0')
  from generate_series(1, ${PAGES}) g`);
await db.execute(`
  insert into employees (company_id, user_id, serial, status)
  select ${company.id}, u.id, 'M' || substr(u.cin, 3), 'activated'
  from users u where u.email like '%@bench-fiches.ma' and u.cin like 'PS%'`);

const pages: PageSpec[] = Array.from({ length: PAGES }, (_, i) => {
  const g = String(i + 1).padStart(6, '0');
  return {
    person: { firstName: `Salarié${i + 1}`, lastName: `Fiche${i + 1}`, cin: `PS${g}`, serial: `M${g}` },
    month: 11,
    year: 2026,
    gross: 6000 + i,
  };
});
const pdf = await payrollPdfWithPdfLib(pages);
console.log(`PDF: ${PAGES} pages, ${(pdf.length / 1024 / 1024).toFixed(1)} MB`);

// End to end: upload → finished, with the memory peak sampled meanwhile.
const headers = { authorization: `Bearer ${(await ctx.tokens.pair(rh.user.id, 'full')).access}` };
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const body = await uploadBody(pdf);
const res = await app.inject({
  method: 'POST',
  url: '/api/fiches/jobs/',
  headers: { ...headers, ...body.headers },
  payload: body.payload,
});
if (res.statusCode !== 201) throw new Error(`upload refused: ${res.body}`);
const jobId = res.json().id as number;
let job: { status: string; found: number; matched: number } = res.json();
while (job.status === 'in_progress') {
  await new Promise((resolve) => setTimeout(resolve, 100));
  job = (await app.inject({ url: `/api/fiches/jobs/${jobId}/`, headers })).json();
}
const endToEndMs = performance.now() - started;
clearInterval(sampler);
await app.close();
await database.close();

// Raw: the same libraries on the same file in a plain loop.
const rawStarted = performance.now();
const reader = await getDocumentProxy(new Uint8Array(pdf));
const source = await PDFDocument.load(pdf, { updateMetadata: false });
for (let n = 1; n <= reader.numPages; n++) {
  const page = await reader.getPage(n);
  await page.getTextContent();
  page.cleanup();
  const out = await PDFDocument.create({ updateMetadata: false });
  const [copy] = await out.copyPages(source, [n - 1]);
  out.addPage(copy!);
  await out.save();
}
await reader.destroy();
const rawMs = performance.now() - rawStarted;

const rate = (ms: number) => (PAGES / ms) * 1000;
const ratio = rate(endToEndMs) / rate(rawMs);
console.table([
  { what: 'app: upload → finished', ms: Math.round(endToEndMs), 'pages/s': rate(endToEndMs).toFixed(1) },
  { what: 'raw: unpdf text + pdf-lib copy', ms: Math.round(rawMs), 'pages/s': rate(rawMs).toFixed(1) },
]);
console.log(
  `job ${job.status}: ${job.found} slips, ${job.matched} matched · ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL}) · ` +
    `RSS peak ${(peak / 1024 / 1024).toFixed(0)} MB (+${((peak - baseline) / 1024 / 1024).toFixed(0)} MB over the start)`,
);
if (job.status !== 'finished' || job.matched !== PAGES) process.exitCode = 1;
