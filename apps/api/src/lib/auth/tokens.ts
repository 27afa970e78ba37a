import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@tasbiq/contracts/constants';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { tokenNotValid } from '../errors.ts';

/**
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
  expiresAt: Date;
};

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService(
  secret: string,
  ttl = { access: ACCESS_TOKEN_TTL_SECONDS, refresh: REFRESH_TOKEN_TTL_SECONDS },
) {
  const key = new TextEncoder().encode(secret);

  async function sign(userId: number, kind: TokenKind, scope: TokenScope): Promise<string> {
    return new SignJWT({ token_type: kind, scope })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${kind === 'access' ? ttl.access : ttl.refresh}s`)
      .sign(key);
  }

  async function verify(token: string, expected: TokenKind): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (payload.token_type !== expected || !payload.sub || !payload.jti || !payload.exp) {
        throw tokenNotValid('Le jeton est invalide ou a expiré.');
      }
      return {
        userId: Number(payload.sub),
        kind: expected,
        scope: payload.scope === 'otp' ? 'otp' : 'full',
        jti: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw tokenNotValid('Le jeton est invalide ou a expiré.');
      throw error;
    }
  }

  return {
    sign,
    verify,
    async pair(userId: number, scope: TokenScope) {
      const [access, refresh] = await Promise.all([
        sign(userId, 'access', scope),
        sign(userId, 'refresh', scope),
      ]);
      return { access, refresh };
    },
  };
}
