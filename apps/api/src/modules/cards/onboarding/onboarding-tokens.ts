/**
 * Card-order links (spec §7 Onboarding; issue 11): signed, expiring, single use.
 *
 * A token is `random.signature`: 24 random bytes and an HMAC of them under the server secret, so a
 * forged or mangled token is refused before any database read. Only the SHA-256 of the random
 * part is stored. A token is valid until `expires_at` and until an order used it; sending a new
 * link to the same employee ends the earlier ones.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { onboardingTokens } from '../../../db/schema/cards.ts';
import { AppError } from '../../../lib/errors.ts';

export type OnboardingTokenRow = typeof onboardingTokens.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (secret: string, random: string) =>
  createHmac('sha256', secret).update(`onboarding:${random}`).digest('base64url').slice(0, 32);

export const invalidToken = () => new AppError('INVALID_TOKEN');

export async function createOnboardingToken(
  db: DbOrTx,
  secret: string,
  input: {
    companyId: number;
    employeeId: number;
    sentBy: number;
    channels: string[];
    ttlHours: number;
    now?: Date;
  },
): Promise<{ token: string; row: OnboardingTokenRow }> {
  const now = input.now ?? new Date();
  const random = randomBytes(24).toString('base64url');
  const token = `${random}.${sign(secret, random)}`;
  return db.transaction(async (tx) => {
    // One live link per employee: the earlier ones stop working.
    await tx
      .update(onboardingTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(onboardingTokens.companyId, input.companyId),
          eq(onboardingTokens.employeeId, input.employeeId),
          isNull(onboardingTokens.usedAt),
          gt(onboardingTokens.expiresAt, now),
        ),
      );
    const [row] = await tx
      .insert(onboardingTokens)
      .values({
        companyId: input.companyId,
        employeeId: input.employeeId,
        sentBy: input.sentBy,
        channels: input.channels,
        tokenHash: sha256(random),
        expiresAt: new Date(now.getTime() + input.ttlHours * 3600 * 1000),
        createdAt: now,
      })
      .returning();
    return { token, row: row! };
  });
}

/** The token row for a well-signed `token`, live or not; INVALID_TOKEN when forged or unknown. */
export async function findSignedOnboardingToken(
  db: DbOrTx,
  secret: string,
  token: string,
): Promise<OnboardingTokenRow> {
  const [random, signature, extra] = token.split('.');
  if (!random || !signature || extra !== undefined || !/^[A-Za-z0-9_-]{32}$/.test(random))
    throw invalidToken();
  const expected = Buffer.from(sign(secret, random));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidToken();
  const [row] = await db
    .select()
    .from(onboardingTokens)
    .where(eq(onboardingTokens.tokenHash, sha256(random)));
  if (!row) throw invalidToken();
  return row;
}

/** The live token row for `token`, or INVALID_TOKEN (forged, unknown, expired or used). */
export async function findLiveOnboardingToken(
  db: DbOrTx,
  secret: string,
  token: string,
  now: Date = new Date(),
): Promise<OnboardingTokenRow> {
  const row = await findSignedOnboardingToken(db, secret, token);
  if (row.usedAt || row.expiresAt <= now) throw invalidToken();
  return row;
}

/** Marks the token used (in the order's transaction): a second order with it is INVALID_TOKEN. */
export async function useOnboardingToken(db: DbOrTx, companyId: number, id: number): Promise<void> {
  const [used] = await db
    .update(onboardingTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(onboardingTokens.companyId, companyId),
        eq(onboardingTokens.id, id),
        isNull(onboardingTokens.usedAt),
      ),
    )
    .returning({ id: onboardingTokens.id });
  if (!used) throw invalidToken();
}

export const hashPhoneToken = sha256;
