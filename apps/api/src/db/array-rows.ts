import { Column, fillPlaceholders, is, SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';

/**
 * One statement run on the database's own driver with its rows as arrays, each value parsed as
 * drizzle has the driver parse it (timestamps left as text for the column to read).
 */
export type ArrayRowsRunner = (statement: {
  name: string;
  text: string;
  values: unknown[];
}) => Promise<unknown[][]>;

const runners = new WeakMap<object, ArrayRowsRunner>();

/** Called by `openDatabase` for its database handle (not for transactions, which fall back). */
export function registerArrayRows(db: object, run: ArrayRowsRunner): void {
  runners.set(db, run);
}

/**
 * PostgreSQL types drizzle asks both drivers to leave as text: its date and interval columns read
 * them themselves (drizzle-orm's node-postgres and pglite sessions list the same ones).
 */
export const TYPES_LEFT_AS_TEXT = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231] as const;

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type FlatSelect<Row> = {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: object };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
};
type Prepared<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };

function decoderOf(key: string, field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field as unknown as { sql: { decoder: Decoder } }).sql.decoder;
  throw new Error(
    `preparedFlatSelect: "${key}" is not a column or an SQL value (nested selects are not flat)`,
  );
}

/**
 * `preparedPerDatabase` for a flat select on the hottest paths (decision 052): the same named
 * statement, with each column read by the same decoder, but without drizzle's generic row mapping,
 * which on a page of 21 rows of 16 columns cost a quarter of the search's time in the API process.
 * On a transaction (no runner) it is drizzle's own prepared statement. A nested selection is
 * refused either way, when the statement is built.
 */
export function preparedFlatSelect<Row>(
  name: string,
  build: (db: DbOrTx) => FlatSelect<Row>,
): (db: DbOrTx) => Prepared<Row> {
  return preparedPerDatabase(name, (db) => {
    const query = build(db);
    const fields = Object.entries(query._.selectedFields);
    const decoders = fields.map(([key, field]) => decoderOf(key, field));
    const run = runners.get(db);
    if (!run) return query;
    const keys = fields.map(([key]) => key);
    const { sql: text, params } = query.toSQL();
    return {
      prepare: (statementName: string): Prepared<Row> => ({
        async execute(values) {
          const rows = await run({ name: statementName, text, values: fillPlaceholders(params, values) });
          return rows.map((row) => {
            const mapped: Record<string, unknown> = {};
            for (let i = 0; i < keys.length; i += 1) {
              const value = row[i];
              mapped[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
            }
            return mapped as Row;
          });
        },
      }),
    };
  });
}
