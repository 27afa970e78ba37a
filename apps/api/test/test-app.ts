import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppModule } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * A real app on a real, empty, migrated database for one test file: in-memory PGlite by
 * default, or a fresh PostgreSQL database when TEST_DATABASE_URL points at a server
 * (CI runs the API tests both ways). `extraRoutes` registers test-only routes (full paths,
 * e.g. /api/__test/boom) before the app is sealed, to exercise the wire contract itself.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { extraRoutes?: AppModule } = {},
) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const created = await createTestDatabase(serverUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    {
      DATABASE_URL: databaseUrl,
      PGLITE_DIR: 'memory://',
      STORAGE_DIR: mkdtempSync(path.join(tmpdir(), 'tasbiq-files-')),
      WEB_DIST_DIR: '/nonexistent',
      ...overrides,
    },
  );
  const database = openDatabase({ databaseUrl, pgliteDir: 'memory://', poolSize: 20 });
  await database.migrate();
  const { app, ctx } = await buildApp({ config, database, logger: false });
  if (options.extraRoutes) await options.extraRoutes(app, ctx);
  await app.ready();
  return {
    app,
    ctx,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
