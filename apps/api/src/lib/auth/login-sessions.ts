import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginSessions } from '../../db/schema/auth.ts';

/**
 * Login sessions (decision 026): one row per login, the family of every token issued from it. A
 * token names its row (`sid`); the row ending ends every access and refresh token of the family
 * at once, because the per-request session lookup (session.ts) and the refresh both check it.
 */
export type SessionEndReason =
  | 'logout'
  | 'logout_all'
  | 'refresh_reuse'
  | 'password_change'
  | 'password_reset'
  | 'contact_change';

/** A new session for a login; the user's sessions that expired are pruned on the way. */
export async function startLoginSession(db: DbOrTx, userId: number, expiresAt: Date): Promise<string> {
  const id = randomUUID();
  await db
    .delete(loginSessions)
    .where(and(eq(loginSessions.userId, userId), lt(loginSessions.expiresAt, new Date())));
  await db.insert(loginSessions).values({ id, userId, expiresAt });
  return id;
}

/**
 * A refresh continues the session: its expiry moves to the new refresh token's. False when the
 * session is unknown, another user's or ended — the refresh must then be refused.
 */
export async function extendLoginSession(
  db: DbOrTx,
  sessionId: string,
  userId: number,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(loginSessions)
    .set({ expiresAt })
    .where(
      and(eq(loginSessions.id, sessionId), eq(loginSessions.userId, userId), isNull(loginSessions.endedAt)),
    )
    .returning({ id: loginSessions.id });
  return rows.length > 0;
}

/** Ends one session (logout, a reused refresh token); ending an ended one keeps its first reason. */
export async function endLoginSession(db: DbOrTx, sessionId: string, reason: SessionEndReason) {
  await db
    .update(loginSessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(loginSessions.id, sessionId), isNull(loginSessions.endedAt)));
}

/**
 * Ends every session of an account at once — their access tokens are refused from the next call,
 * their refresh tokens can no longer be rotated. `exceptSessionId` keeps the caller's own session
 * (password change). Returns how many sessions were ended. Call it inside the transaction that
 * makes the change, so the change and the end of the sessions commit together.
 */
export async function endAllSessions(
  db: DbOrTx,
  userId: number,
  options: { reason: SessionEndReason; exceptSessionId?: string },
): Promise<number> {
  const rows = await db
    .update(loginSessions)
    .set({ endedAt: new Date(), endReason: options.reason })
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.endedAt),
        options.exceptSessionId === undefined ? undefined : ne(loginSessions.id, options.exceptSessionId),
      ),
    )
    .returning({ id: loginSessions.id });
  return rows.length;
}
