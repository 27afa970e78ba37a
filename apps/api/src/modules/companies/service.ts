import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';

export type NewCompany = Partial<typeof companies.$inferInsert> & { name: string };

export async function createCompany(db: DbOrTx, input: NewCompany) {
  const [company] = await db
    .insert(companies)
    .values({ signupToken: randomBytes(16).toString('base64url'), ...input })
    .returning();
  return company!;
}
