import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { expensePolicyItems, expenses } from '../src/db/schema/expenses.ts';
import { missionOrders } from '../src/db/schema/mission-orders.ts';
import { createCompany } from '../src/modules/companies/service.ts';
import { createEmployeeAccount } from '../src/modules/employees/service.ts';

/**
 * `BENCH_ONLY=expense-report npm run bench` (issue 15): the report of one mission order with
 * BENCH_REPORT_EXPENSES expenses (default 200) listed with their ceilings and refundable amounts
 * (`GET /api/expenses/odm/{id}/expenses/`: session, order, tenancy and reviewer checks, the
 * expenses, the group's ceilings, the same-day expenses, the refund arithmetic, serialisation)
 * beside a bare Fastify route running the same three SELECTs through raw `pg` and returning the
 * rows as JSON. Both servers and autocannon share this process (the ratio is what matters).
 */
const EXPENSES = Number(process.env.BENCH_REPORT_EXPENSES ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'tasbiq_bench_expenses';
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
});
const database = openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused', poolSize: 20 });
await database.migrate();
const { app, ctx } = await buildApp({
  config: { ...config, DATABASE_URL: url.toString(), WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
const { db } = database;

// Bench data written directly (the services would only repeat what their tests check).
const company = await createCompany(db, { name: 'Bench frais', expensesEnabled: true });
const employee = await createEmployeeAccount(db, {
  companyId: company.id,
  firstName: 'Samir',
  lastName: 'Bench',
  email: 'salarie@bench-expenses.ma',
});
await db.insert(expensePolicyItems).values([
  { companyId: company.id, groupId: null, category: 'food', ceilingCentimes: 15_000n },
  { companyId: company.id, groupId: null, category: 'hotel', ceilingCentimes: 80_000n },
]);
const [order] = await db
  .insert(missionOrders)
  .values({
    companyId: company.id,
    employeeId: employee.employee.id,
    number: 'ODM-2026-0001',
    title: 'Tournée du Sud',
    startDate: '2026-10-01',
    endDate: '2026-12-31',
    departureCityId: 1,
    arrivalCityId: 60,
    status: 'accepted',
    reportStatus: 'pending',
  })
  .returning({ id: missionOrders.id });
const categories = ['food', 'hotel', 'train', 'gas-station'] as const;
await db.insert(expenses).values(
  Array.from({ length: EXPENSES }, (_, i) => ({
    companyId: company.id,
    employeeId: employee.employee.id,
    missionOrderId: order!.id,
    title: `Dépense ${i + 1}`,
    category: categories[i % categories.length]!,
    expenseDate: `2026-${String(10 + Math.floor(i / 90)).padStart(2, '0')}-${String(1 + (Math.floor(i / 3) % 28)).padStart(2, '0')}`,
    amountCentimes: BigInt(5_000 + ((i * 7919) % 90_000)),
    guests: i % 5 === 0 ? 2 : 0,
    status: 'sent' as const,
    receiptKey: 'receipts/bench.jpg',
    receiptThumbKey: 'receipts/bench-thumb.jpg',
    receiptName: `ticket-${i + 1}.jpg`,
    receiptType: 'image/jpeg',
  })),
);
await app.listen({ host: '127.0.0.1', port: 0 });
const headers = { authorization: `Bearer ${(await ctx.tokens.pair(employee.user.id, 'full')).access}` };

const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });
const bare = Fastify({ logger: false });
bare.get('/bare/:company/:order', async (request) => {
  const { company: companyId, order: orderId } = request.params as { company: string; order: string };
  const { rows } = await pool.query(
    `select e.*, em.group_id, u.first_name, u.last_name from expenses e
       join employees em on em.id = e.employee_id join users u on u.id = em.user_id
      where e.company_id = $1 and e.mission_order_id = $2 order by e.created_at desc, e.id desc limit 1000`,
    [Number(companyId), Number(orderId)],
  );
  const ceilings = await pool.query(
    'select category, ceiling_centimes from expense_policy_items where company_id = $1 and group_id is null',
    [Number(companyId)],
  );
  const days = [...new Set(rows.map((r) => r.expense_date))];
  const sharing = await pool.query(
    `select id, employee_id, category, expense_date, amount_centimes, guests from expenses
      where company_id = $1 and employee_id = any($2) and expense_date = any($3) and status <> 'rejected'`,
    [Number(companyId), [employee.employee.id], days],
  );
  return { expenses: rows, ceilings: ceilings.rows, sharing: sharing.rowCount };
});
await bare.listen({ host: '127.0.0.1', port: 0 });
const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;

const appUrl = `http://127.0.0.1:${port(app)}/api/expenses/odm/${order!.id}/expenses/`;
const check = await fetch(appUrl, { headers });
const body = (await check.json()) as { expenses: unknown[]; refundable_total: string };
if (check.status !== 200 || body.expenses.length !== EXPENSES)
  throw new Error(`report not listed: ${check.status}`);

async function load(target: string, withHeaders: Record<string, string> = {}) {
  const r = await autocannon({
    url: target,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: withHeaders,
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}
const real = await load(appUrl, headers);
const raw = await load(`http://127.0.0.1:${port(bare)}/bare/${company.id}/${order!.id}`);

console.log(
  `\nA report of ${EXPENSES} expenses (refundable total ${body.refundable_total}), ${CONNECTIONS} connections, ${DURATION} s\n`,
);
console.table([
  {
    route: 'GET /api/expenses/odm/{id}/expenses/',
    'req/s': Math.round(real.rps),
    'p99 ms': real.p99,
    errors: real.errors,
  },
  { route: 'bare Fastify, same SQL', 'req/s': Math.round(raw.rps), 'p99 ms': raw.p99, errors: raw.errors },
  {
    route: 'ratio app / bare',
    'req/s': Math.round((100 * real.rps) / raw.rps) / 100,
    'p99 ms': '',
    errors: '',
  },
]);

await Promise.all([app.close(), bare.close(), pool.end()]);
await database.close();
