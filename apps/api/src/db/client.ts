import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres/session';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { registerArrayRows, TYPES_LEFT_AS_TEXT } from './array-rows.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * One type for both drivers: services are written once against PostgreSQL's dialect. PGlite's
 * database object has the same query API; only its result type parameter differs.
 */
export type Db = NodePgDatabase<Schema>;
export type Tx = PgTransaction<NodePgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pg' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** The advisory lock key held while migrating (any constant our own; "tasbiq" in ASCII digits). */
const MIGRATION_LOCK = 7_465_732;

const typesLeftAsText = new Set<number>(TYPES_LEFT_AS_TEXT);
const asText = (value: string) => value;

export type DatabaseOptions = { databaseUrl?: string; pgliteDir: string; poolSize?: number };

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    // int8 (bigint) columns come back as strings by default; centimes are bigints in our code.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection killed by the server (restart, failover, dropped test database) must
    // not crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
    const db = drizzleNodePg(pool, { schema });
    const arrayRowTypes = {
      getTypeParser: (id: number, format?: 'text' | 'binary') =>
        typesLeftAsText.has(id) ? asText : pg.types.getTypeParser(id, format),
    };
    registerArrayRows(db, async ({ name, text, values }) => {
      const result = await pool.query<unknown[]>({
        name,
        text,
        values,
        rowMode: 'array',
        types: arrayRowTypes,
      });
      return result.rows;
    });
    return {
      db,
      driver: 'pg',
      migrate: async () => {
        // Several API processes starting together on one database: one migrates, the others wait
        // for it and then find nothing left to do (drizzle's migrator takes no lock of its own).
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migrateNodePg(db, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const inMemory = options.pgliteDir === 'memory://';
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the employee search index (migration 0013; PostgreSQL has it in contrib). One
  // options object: `new PGlite(undefined, options)` would drop the options.
  const client = new PGlite({ dataDir: inMemory ? undefined : options.pgliteDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const parsers = Object.fromEntries(TYPES_LEFT_AS_TEXT.map((id) => [id, asText]));
  registerArrayRows(db, async ({ text, values }) => {
    const result = await client.query<unknown[]>(text, values, { rowMode: 'array', parsers });
    return result.rows;
  });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
