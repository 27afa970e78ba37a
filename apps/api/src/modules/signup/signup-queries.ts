import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';

/** The active company whose signup link carries this token, or null (unknown, closed, inactive). */
export async function findCompanyBySignupToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.signupToken, token), eq(companies.isActive, true)))
    .limit(1);
  return row ?? null;
}
