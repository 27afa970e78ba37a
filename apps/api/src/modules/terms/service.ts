import type { TTerms } from '@tasbiq/contracts/terms';
import type { DbOrTx } from '../../db/client.ts';
import { terms, termsAcceptances } from '../../db/schema/content.ts';
import { fieldError } from '../../lib/errors.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { findLatestTerms, type TermsRow } from './queries.ts';

export function serializeTerms(row: TermsRow, accepted: boolean): TTerms {
  return {
    id: row.id,
    content: row.content,
    version: row.version,
    created: toWireDateTime(row.publishedAt),
    accepted,
  };
}

/**
 * Records that an account accepted the terms it was shown. Only the latest version can be
 * accepted: a client still showing an older text (a new version was published meanwhile) gets
 * `invalid` on `terms` and must fetch /terms/latest again. Accepting twice is not an error.
 */
export async function acceptLatestTerms(db: DbOrTx, userId: number, termsId: number): Promise<TermsRow> {
  const latest = await findLatestTerms(db);
  if (!latest || latest.id !== termsId) {
    throw fieldError(
      'terms',
      'invalid',
      "Ces conditions d'utilisation ne sont plus les dernières en vigueur.",
    );
  }
  await db.insert(termsAcceptances).values({ userId, termsId }).onConflictDoNothing();
  return latest;
}

/** A new version becomes the latest at once: every account must accept it before its next private call. */
export async function publishTerms(
  db: DbOrTx,
  input: { version: string; content: string; publishedAt?: Date },
): Promise<TermsRow> {
  const [row] = await db.insert(terms).values(input).returning();
  return row!;
}
