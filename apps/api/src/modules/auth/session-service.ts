import type { TLogoutAllResponse, TTokenPair } from '@tasbiq/contracts/auth';
import type { AppContext } from '../../context.ts';
import { tokenBlacklist } from '../../db/schema/auth.ts';
import { endAllSessions, endLoginSession, extendLoginSession } from '../../lib/auth/login-sessions.ts';
import type { Session } from '../../lib/auth/session.ts';
import { tokenNotValid } from '../../lib/errors.ts';
import { assertAccountUsable, needsPhoneConfirmation } from './login-service.ts';
import { findAccountById } from './queries.ts';

/**
 * Sessions that end (decision 026): refresh rotation with reuse detection, logout, and logout
 * everywhere. Every token belongs to a login session (lib/auth/login-sessions.ts); ending the
 * session refuses all of its tokens from the next call.
 */

/**
 * POST /auth/token/refresh: rotation. The presented token's jti is blacklisted by an
 * insert-if-absent in the same transaction that extends its session, so of two concurrent uses
 * exactly one wins. A refresh token that was already used is a stolen copy, or the copy a thief
 * already used (OAuth 2.0 Security BCP §4.14): the whole session ends, so the thief's newer tokens
 * and the owner's both stop working, and the owner logs in again.
 */
export async function refreshTokens(ctx: AppContext, refresh: string): Promise<TTokenPair> {
  const claims = await ctx.tokens.verify(refresh, 'refresh');
  const outcome = await ctx.db.transaction(async (tx) => {
    const account = await findAccountById(tx, claims.userId);
    if (!account) throw tokenNotValid();
    const [claimed] = await tx
      .insert(tokenBlacklist)
      .values({ jti: claims.jti, userId: claims.userId, expiresAt: claims.expiresAt })
      .onConflictDoNothing()
      .returning({ jti: tokenBlacklist.jti });
    if (!claimed) return { reused: true } as const;
    // Ended (logout, password change or reset, theft) or unknown: refused.
    if (!(await extendLoginSession(tx, claims.sessionId, claims.userId, ctx.tokens.refreshExpiry())))
      throw tokenNotValid('Cette session a pris fin. Veuillez vous reconnecter.');
    assertAccountUsable(account);
    // Never widen a session: an OTP-scoped token stays OTP-scoped until /auth/otp/verify.
    const scope = claims.scope === 'otp' || needsPhoneConfirmation(account.user) ? 'otp' : 'full';
    return { reused: false, scope } as const;
  });
  if (outcome.reused) {
    // Outside the transaction above: the refusal must not roll the end of the session back.
    await endLoginSession(ctx.db, claims.sessionId, 'refresh_reuse');
    throw tokenNotValid();
  }
  const pair = await ctx.tokens.pair(claims.userId, outcome.scope, { sessionId: claims.sessionId });
  return { ...pair, otp_required: outcome.scope === 'otp' };
}

/**
 * POST /auth/logout: ends the session of the refresh token — its access tokens are refused from
 * the next call, not 5 minutes later — and blacklists the token. Logging out twice is not an error.
 */
export async function logout(ctx: AppContext, refresh: string): Promise<void> {
  const claims = await ctx.tokens.verify(refresh, 'refresh');
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(tokenBlacklist)
      .values({ jti: claims.jti, userId: claims.userId, expiresAt: claims.expiresAt })
      .onConflictDoNothing();
    await endLoginSession(tx, claims.sessionId, 'logout');
  });
}

/** POST /auth/logout_all ("Se déconnecter partout"): every session of the account, this one included. */
export async function logoutEverywhere(ctx: AppContext, session: Session): Promise<TLogoutAllResponse> {
  const ended = await endAllSessions(ctx.db, session.user.id, { reason: 'logout_all' });
  return {
    detail: 'Vous avez été déconnecté de tous vos appareils.',
    sessions_ended: ended,
  };
}
