import { createHmac } from 'node:crypto';

/**
 * The API's signing key during the journeys (set in playwright.config.ts), so a journey can forge
 * a correctly signed but expired access token.
 */
export const E2E_JWT_SECRET = 'e2e-only-secret-for-playwright-journeys-0123456789';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error(`Not a JWT: ${token}`);
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** HS256 token with the given claims. */
export function signJwt(claims: Record<string, unknown>, secret = E2E_JWT_SECRET): string {
  const head = `${base64url(JSON.stringify({ alg: 'HS256' }))}.${base64url(JSON.stringify(claims))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The same token, signed 5 minutes ago and expired a second ago (as after a coffee break). */
export function expiredCopy(token: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...decodeJwtPayload(token), iat: now - 301, exp: now - 1 });
}

/** The same claims with a signature the server cannot verify. */
export function badSignatureCopy(token: string): string {
  return signJwt(decodeJwtPayload(token), 'not-the-servers-secret-not-the-servers-secret');
}
