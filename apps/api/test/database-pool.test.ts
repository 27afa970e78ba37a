import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

/** DATABASE_POOL_SIZE: the connections each API process keeps for requests (docs/several-processes.md). */
describe('the database pool size', () => {
  it('is 10 unless DATABASE_POOL_SIZE says otherwise, and a size that makes no sense stops the start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    for (const bad of ['0', '-3', '2.5', 'many', '5000'])
      expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: bad }), bad).toThrow(
        /DATABASE_POOL_SIZE/,
      );
  });

  // A real server: PGlite is one connection whatever the setting.
  it.runIf(process.env.TEST_DATABASE_URL)('holds at most that many connections at once', async () => {
    const database = openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      pgliteDir: 'unused',
      poolSize: 2,
    });
    try {
      const backends = await Promise.all(
        Array.from({ length: 6 }, () =>
          database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
        ),
      );
      const pids = new Set(backends.map(({ rows }) => (rows[0] as { pid: number }).pid));
      expect(pids.size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
