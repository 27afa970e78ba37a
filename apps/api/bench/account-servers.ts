import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { seedDemoIfEmpty } from '../src/db/seed/demo.ts';
import { freshBenchDatabase } from './fresh-database.ts';

/**
 * Child process of bench/account.bench.ts: the real app and a bare Fastify route, both on PostgreSQL,
 * so the load generator (in the parent) does not share an event loop with them.
 */
const name = 'tasbiq_bench';
const { url, config, database } = await freshBenchDatabase(name, { poolSize: 20 });
await seedDemoIfEmpty(database.db);
const { app } = await buildApp({
  config: { ...config, DATABASE_URL: url.toString(), WEB_DIST_DIR: '/nonexistent' },
  database,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });
bare.get('/bare', async () => ({ ok: true }));
bare.get('/bare-sql/:id', async (request) => {
  const { rows } = await pool.query(
    'select u.id, u.email, u.phone, u.first_name, u.last_name, u.cin, u.roles, c.id as company_id, c.name from users u left join companies c on c.id = u.company_id where u.id = $1',
    [Number((request.params as { id: string }).id)],
  );
  return rows[0] ?? null;
});
await bare.listen({ host: '127.0.0.1', port: 0 });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.send?.({ app: port(app), bare: port(bare) });
process.on('message', async (message) => {
  if (message === 'stop') {
    await Promise.all([app.close(), bare.close(), pool.end()]);
    await database.close();
    process.exit(0);
  }
});
