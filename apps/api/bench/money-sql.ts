import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { loadSession } from '../src/lib/auth/session.ts';
import { listAdvances } from '../src/modules/advances/queries.ts';
import { loadSpendingState } from '../src/modules/spending/state.ts';

/**
 * The SQL the money routes send, taken from the app's own query code rather than copied by hand,
 * so the bare routes and the EXPLAINs follow any change to it. Each is captured by running the
 * app's function once on a drizzle instance whose driver records what it is asked to send (the text,
 * the parameters, and the statement name when the app uses a named prepared statement):
 * - `spending`: loadSpendingState (GET /employees/solde and POST /advances/simulate/ both run it);
 * - `page`: listAdvances with the filters GET /advances/?limit=20 uses for an employee's own list
 *   (routes.ts: employeeId = the caller's, limit 20, offset 0), i.e. advancePageQuery;
 * - `session`: the per-request session lookup of every private route (lib/auth/session.ts).
 * The ids are sentinels in the captured parameters; `forEmployee` swaps in real ones.
 */
export type Statement = { name?: string; text: string; params: unknown[] };
export type MoneySql = {
  spending: Statement;
  page: Statement;
  session: Statement;
  /** The statement's parameters for this employee (and user, for the session lookup). */
  forEmployee: (statement: Statement, ids: { employeeId: number; userId?: number }) => unknown[];
};

/** Never real ids: they mark the employee and the user among the captured parameters. */
const EMPLOYEE_SENTINEL = 987_654_321;
const USER_SENTINEL = 987_654_322;

export async function captureMoneySql(pool: pg.Pool, companyId: number): Promise<MoneySql> {
  const captured: Statement[] = [];
  const recorder = {
    query: (config: pg.QueryConfig, values?: unknown[]) => {
      captured.push({
        ...(config.name ? { name: config.name } : {}),
        text: config.text,
        params: values ?? [],
      });
      return pool.query(config, values);
    },
  };
  const capturingDb = drizzle({ client: recorder as unknown as pg.Pool, schema }) as unknown as Db;
  const first = async (run: () => Promise<unknown>) => {
    captured.length = 0;
    await run();
    return captured[0];
  };

  const spending = await first(() =>
    loadSpendingState(capturingDb, { employeeId: EMPLOYEE_SENTINEL, companyId }),
  );
  const session = await first(() => loadSession(capturingDb, USER_SENTINEL, 'full', 'bench-session'));
  const page = await first(() =>
    listAdvances(capturingDb, companyId, { employeeId: EMPLOYEE_SENTINEL, limit: 20, offset: 0 }),
  );

  if (!spending?.params.includes(EMPLOYEE_SENTINEL) || !page?.params.includes(EMPLOYEE_SENTINEL))
    throw new Error('the employee id is not a parameter of the captured SQL');
  if (!session?.params.includes(USER_SENTINEL))
    throw new Error('the user id is not a parameter of the session lookup');

  return {
    spending,
    page,
    session,
    forEmployee: (statement, ids) =>
      statement.params.map((value) => {
        if (value === EMPLOYEE_SENTINEL) return ids.employeeId;
        if (value === USER_SENTINEL) return ids.userId;
        return value;
      }),
  };
}
