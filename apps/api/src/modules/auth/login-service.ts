import { randomBytes } from 'node:crypto';
import type { TTokenPair, TTokenRequest } from '@tasbiq/contracts/auth';
import { MAX_FAILED_LOGINS_PER_HOUR } from '@tasbiq/contracts/constants';
import { and, eq, gte, lt } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures, passwordResetTokens, tokenBlacklist } from '../../db/schema/auth.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import type { CompanyRow, UserRow } from '../../lib/auth/session.ts';
import type { TokenScope } from '../../lib/auth/tokens.ts';
import { AppError, tokenNotValid } from '../../lib/errors.ts';
import { noActiveAccount, throttled } from './auth-errors.ts';
import {
  findAccountById,
  findAccountByLoginName,
  nthLatestLoginFailureSince,
  parseLoginName,
} from './queries.ts';

const FAILURE_WINDOW_MS = 60 * 60 * 1000;

let dummyHash: Promise<string> | undefined;
/** A real argon2 hash of nothing anyone knows: verifying against it costs what a real check costs. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** Checks a password in constant work whether or not the account has one. */
async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  const matches = await verifyPassword(passwordHash ?? (await dummyPasswordHash()), password);
  return passwordHash !== null && matches;
}

/** A first login (or a new phone) must confirm the phone by OTP before the token opens anything else. */
export function needsPhoneConfirmation(user: Pick<UserRow, 'phone' | 'phoneConfirmedAt'>): boolean {
  return user.phone !== null && user.phoneConfirmedAt === null;
}

export async function issueTokenPair(
  ctx: AppContext,
  userId: number,
  scope: TokenScope,
): Promise<TTokenPair> {
  const pair = await ctx.tokens.pair(userId, scope);
  return { ...pair, otp_required: scope === 'otp' };
}

export function isAccountUsable(account: { user: UserRow; company: CompanyRow | null }): boolean {
  return account.user.isActive && (account.company === null || account.company.isActive);
}

/** Spec §6: an inactive account or company is refused, with its own message. */
export function assertAccountUsable(account: { user: UserRow; company: CompanyRow | null }): void {
  if (!account.user.isActive) throw new AppError('inactive_account', { status: 403 });
  if (account.company && !account.company.isActive)
    throw new AppError('ACCOUNT_INACTIVE_COMPANY', { status: 403 });
}

/** One failed password check for the per-account limit; rows older than the window are pruned. */
export async function recordLoginFailure(db: DbOrTx, userId: number, ip: string | null, at = new Date()) {
  await db.insert(loginFailures).values({ userId, ip, createdAt: at });
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.userId, userId),
        lt(loginFailures.createdAt, new Date(at.getTime() - FAILURE_WINDOW_MS)),
      ),
    );
}

/**
 * ASVS 2.2.1: at most MAX_FAILED_LOGINS_PER_HOUR failures per account over a sliding hour. Checked
 * before the password, so once the limit is reached even the right password waits; Retry-After
 * is when the oldest counted failure leaves the window.
 */
export async function assertLoginNotThrottled(db: DbOrTx, userId: number, now = new Date()) {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const oldestCounted = await nthLatestLoginFailureSince(db, userId, since, MAX_FAILED_LOGINS_PER_HOUR);
  if (oldestCounted) {
    throw throttled((oldestCounted.getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000);
  }
}

/** Checks a user's current password (change-password), counting a wrong one like a failed login. */
export async function checkCurrentPassword(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'passwordHash'>,
  password: string,
  ip: string | null,
): Promise<boolean> {
  await assertLoginNotThrottled(db, user.id);
  if (await passwordMatches(user.passwordHash, password)) return true;
  await recordLoginFailure(db, user.id, ip);
  return false;
}

/** POST /auth/token: e-mail or phone and password → a token pair, OTP-scoped until the phone is confirmed. */
export async function login(ctx: AppContext, input: TTokenRequest, ip: string | null): Promise<TTokenPair> {
  const name = parseLoginName(input.username);
  const account = name ? await findAccountByLoginName(ctx.db, name) : null;
  if (!account) {
    await passwordMatches(null, input.password);
    throw noActiveAccount();
  }
  await assertLoginNotThrottled(ctx.db, account.user.id);
  if (!(await passwordMatches(account.user.passwordHash, input.password))) {
    await recordLoginFailure(ctx.db, account.user.id, ip);
    throw noActiveAccount();
  }
  assertAccountUsable(account);
  return issueTokenPair(ctx, account.user.id, needsPhoneConfirmation(account.user) ? 'otp' : 'full');
}

/**
 * A password reset ends the sessions opened before it: a refresh token issued in an earlier second
 * than the reset is refused (the same second is let through so a login right after a reset works).
 */
async function wasPasswordResetSince(db: DbOrTx, userId: number, issuedAtSeconds: number) {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        gte(passwordResetTokens.usedAt, new Date((issuedAtSeconds + 1) * 1000)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * POST /auth/token/refresh: rotation. The presented token's jti is blacklisted by an
 * insert-if-absent in the same transaction that issues the new pair, so of two concurrent uses
 * exactly one wins (the other's insert finds the row and gets token_not_valid).
 */
export async function refreshTokens(ctx: AppContext, refresh: string): Promise<TTokenPair> {
  const claims = await ctx.tokens.verify(refresh, 'refresh');
  const issuedAt = decodeJwt(refresh).iat ?? 0;
  const scope = await ctx.db.transaction(async (tx) => {
    const account = await findAccountById(tx, claims.userId);
    if (!account) throw tokenNotValid();
    const [claimed] = await tx
      .insert(tokenBlacklist)
      .values({ jti: claims.jti, userId: claims.userId, expiresAt: claims.expiresAt })
      .onConflictDoNothing()
      .returning({ jti: tokenBlacklist.jti });
    if (!claimed) throw tokenNotValid();
    if (await wasPasswordResetSince(tx, claims.userId, issuedAt)) throw tokenNotValid();
    assertAccountUsable(account);
    // Never widen a session: an OTP-scoped token stays OTP-scoped until /auth/otp/verify.
    return claims.scope === 'otp' || needsPhoneConfirmation(account.user) ? 'otp' : 'full';
  });
  return issueTokenPair(ctx, claims.userId, scope);
}

/** POST /auth/logout: blacklists the refresh token; logging out twice is not an error. */
export async function logout(ctx: AppContext, refresh: string): Promise<void> {
  const claims = await ctx.tokens.verify(refresh, 'refresh');
  await ctx.db
    .insert(tokenBlacklist)
    .values({ jti: claims.jti, userId: claims.userId, expiresAt: claims.expiresAt })
    .onConflictDoNothing();
}
