import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/demo.ts';
import { guardTimeZoneRules } from './lib/time-zone-guard.ts';
import { repairWalletExportTimes } from './modules/company-wallet/repair-export-times.ts';

/** Reads config, migrates, seeds the demo outside production, listens, and shuts down cleanly. */
async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  await guardTimeZoneRules({
    db: database.db,
    driver: database.driver,
    production: config.NODE_ENV === 'production',
    warn: (message) => console.warn(message),
  });
  const { app, ctx } = await buildApp({ config, database });
  // In the background: a start does not wait for old export files to be rewritten.
  repairWalletExportTimes({ db: database.db, storage: ctx.storage, log: app.log }).catch((error) =>
    app.log.error({ err: error }, 'wallet export repair failed'),
  );

  if (config.NODE_ENV !== 'production' && config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) app.log.info('Demo data created');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://localhost:${config.PORT}`;
  console.log(`\nTasbiq is running on ${url} (API under ${url}/api, docs at ${url}/api/docs)`);
  console.log(`Database: ${database.driver === 'pg' ? 'PostgreSQL' : `PGlite (${config.PGLITE_DIR})`}`);
  console.log(
    config.NODE_ENV === 'production'
      ? 'Mode: production (no demo data, no sandbox outbox)'
      : `Mode: ${config.NODE_ENV} (demo data, sandbox outbox; see the README for a production start)`,
  );
  if (config.NODE_ENV !== 'production' && config.SEED_DEMO) {
    console.log(
      'Demo logins (password Tasbiq#2026): salarie@demo.ma · rh@demo.ma · drh@demo.ma · rh@rif.ma · nouveau@demo.ma (asks for the SMS code)',
    );
    console.log(`SMS and e-mails sent in the sandbox: ${url}/api/dev/outbox\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
