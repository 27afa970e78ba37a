import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@tasbiq/contracts/constants';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { DbOrTx } from '../../db/client.ts';
import { tokenNotValid } from '../errors.ts';
import { startLoginSession } from './login-sessions.ts';

/**
 * Every token names its login session (`sid`, login-sessions.ts): a token whose session has ended
 * is refused even though its signature and expiry are fine.
 * `scope: 'otp'` marks a token issued before the account confirmed its phone: it opens only the
 * OTP calls. `full` opens everything the account's roles allow.
 */
export type TokenScope = 'full' | 'otp';
export type TokenKind = 'access' | 'refresh';
export type TokenClaims = {
  userId: number;
  kind: TokenKind;
  scope: TokenScope;
  jti: string;
  /** The login session (token family) the token belongs to. */
  sessionId: string;
  expiresAt: Date;
};

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(
  secret: string,
  options: { db: DbOrTx; ttl?: { access: number; refresh: number } },
) {
  const key = new TextEncoder().encode(secret);
  const ttl = options.ttl ?? { access: ACCESS_TOKEN_TTL_SECONDS, refresh: REFRESH_TOKEN_TTL_SECONDS };
  /**
   * Access tokens whose signature was verified, by their exact text (decision 028): an HMAC
   * verification through WebCrypto was a sixth of a private call's CPU, and a client sends the
   * same access token for its whole life. Only the expiry is checked again; whether the session
   * still stands is the session lookup's job, as before.
   */
  const verifiedAccess = new Map<string, TokenClaims>();
  const VERIFIED_ACCESS_MAX = 50_000;

  /** Low level: one signed token of an existing session. Issue tokens with `pair`. */
  async function sign(
    userId: number,
    kind: TokenKind,
    scope: TokenScope,
    sessionId: string,
  ): Promise<string> {
    return new SignJWT({ token_type: kind, scope, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${kind === 'access' ? ttl.access : ttl.refresh}s`)
      .sign(key);
  }

  async function verify(token: string, expected: TokenKind): Promise<TokenClaims> {
    if (expected === 'access') {
      const known = verifiedAccess.get(token);
      if (known) {
        // jose's rule: expired once `exp` (whole seconds) is not after the current second.
        if (known.expiresAt.getTime() > Math.floor(Date.now() / 1000) * 1000) return known;
        verifiedAccess.delete(token);
        throw tokenNotValid('Le jeton est invalide ou a expiré.');
      }
    }
    const claims = await verifySignature(token, expected);
    if (expected === 'access') {
      if (verifiedAccess.size >= VERIFIED_ACCESS_MAX) {
        const oldest = verifiedAccess.keys().next().value;
        if (oldest !== undefined) verifiedAccess.delete(oldest);
      }
      verifiedAccess.set(token, Object.freeze(claims));
    }
    return claims;
  }

  async function verifySignature(token: string, expected: TokenKind): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (
        payload.token_type !== expected ||
        !payload.sub ||
        !payload.jti ||
        !payload.exp ||
        typeof payload.sid !== 'string' ||
        !payload.sid
      ) {
        throw tokenNotValid('Le jeton est invalide ou a expiré.');
      }
      return {
        userId: Number(payload.sub),
        kind: expected,
        scope: payload.scope === 'otp' ? 'otp' : 'full',
        jti: payload.jti,
        sessionId: payload.sid,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw tokenNotValid('Le jeton est invalide ou a expiré.');
      throw error;
    }
  }

  /** When a refresh token signed now expires (a session's expiry follows its newest refresh token). */
  function refreshExpiry(now = new Date()): Date {
    return new Date(now.getTime() + ttl.refresh * 1000);
  }

  return {
    ttl,
    sign,
    verify,
    refreshExpiry,
    /**
     * An access and a refresh token of one login session: `sessionId` continues it (rotation, OTP
     * confirmation); without it a new session starts (a login).
     */
    async pair(userId: number, scope: TokenScope, session: { sessionId?: string } = {}) {
      const sessionId = session.sessionId ?? (await startLoginSession(options.db, userId, refreshExpiry()));
      const [access, refresh] = await Promise.all([
        sign(userId, 'access', scope, sessionId),
        sign(userId, 'refresh', scope, sessionId),
      ]);
      return { access, refresh };
    },
  };
}
