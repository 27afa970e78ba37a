import type { DbOrTx } from './client.ts';

/**
 * A named prepared statement, built by drizzle once per database handle and planned by PostgreSQL
 * once per connection, for the hot queries run on every request or keystroke (decision 022).
 * `build` gives the statement with `sql.placeholder`s; the returned function hands out that
 * handle's one prepared instance.
 */
export function preparedPerDatabase<Prepared>(
  name: string,
  build: (db: DbOrTx) => { prepare(name: string): Prepared },
): (db: DbOrTx) => Prepared {
  const statements = new WeakMap<object, Prepared>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      statements.set(db, statement);
    }
    return statement;
  };
}
