import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema/accounts.ts';
import { companies } from '../../db/schema/companies.ts';
import { employees } from '../../db/schema/employees.ts';
import type { TokenScope } from './tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;

/** Who is calling: loaded once per request from the access token. */
export type Session = {
  user: UserRow;
  company: CompanyRow | null;
  employee: EmployeeRow | null;
  scope: TokenScope;
  /** The login session of the access token (login-sessions.ts). */
  sessionId: string;
  latestTermsId: number | null;
  hasAcceptedLatestTerms: boolean;
};

const LATEST_TERMS = sql`(select t.id from terms t order by t.published_at desc, t.id desc limit 1)`;

/**
 * One round trip: account, company, employee row, the terms state, and whether the token's login
 * session is still open (a primary-key probe: ending a session ends its access tokens at once).
 */
function sessionQuery(db: DbOrTx) {
  return db
    .select({
      user: users,
      company: companies,
      employee: employees,
      latestTermsId: sql<number | null>`${LATEST_TERMS}`,
      hasAccepted: sql<boolean>`exists(select 1 from terms_acceptances ta where ta.user_id = ${users.id} and ta.terms_id = ${LATEST_TERMS})`,
      sessionOpen: sql<boolean>`exists(select 1 from login_sessions ls where ls.id = ${sql.placeholder('sessionId')} and ls.user_id = ${users.id} and ls.ended_at is null)`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1);
}

/**
 * This query runs on every private call: a named prepared statement lets PostgreSQL plan it once
 * per connection instead of on each request (planning cost as much as executing it).
 */
const preparedSessionQuery = preparedPerDatabase('load_session', sessionQuery);

/** The caller behind an access token; null when the account is gone, 'ended' when the session is. */
export async function loadSession(
  db: DbOrTx,
  userId: number,
  scope: TokenScope,
  sessionId: string,
): Promise<Session | 'ended' | null> {
  const [row] = await preparedSessionQuery(db).execute({ userId, sessionId });
  if (!row) return null;
  if (!row.sessionOpen) return 'ended';
  const latestTermsId = row.latestTermsId === null ? null : Number(row.latestTermsId);
  return {
    user: row.user,
    company: row.company,
    employee: row.employee,
    scope,
    sessionId,
    latestTermsId,
    hasAcceptedLatestTerms: latestTermsId === null || Boolean(row.hasAccepted),
  };
}
