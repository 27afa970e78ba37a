import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { terms, termsAcceptances } from '../../db/schema/content.ts';

export type TermsRow = typeof terms.$inferSelect;

/** The latest version is the last published; the access gate (lib/auth/session.ts) uses the same order. */
export async function findLatestTerms(db: DbOrTx): Promise<TermsRow | null> {
  const [row] = await db.select().from(terms).orderBy(desc(terms.publishedAt), desc(terms.id)).limit(1);
  return row ?? null;
}

export async function hasAcceptedTerms(db: DbOrTx, userId: number, termsId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: termsAcceptances.userId })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.termsId, termsId)))
    .limit(1);
  return row !== undefined;
}
