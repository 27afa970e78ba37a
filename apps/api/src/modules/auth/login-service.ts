import { randomBytes } from 'node:crypto';
import type { TOtpReason, TTokenPair, TTokenRequest } from '@tasbiq/contracts/auth';
import { MAX_FAILED_LOGINS_PER_HOUR } from '@tasbiq/contracts/constants';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/auth.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import type { CompanyRow, UserRow } from '../../lib/auth/session.ts';
import type { TokenScope } from '../../lib/auth/tokens.ts';
import { AppError } from '../../lib/errors.ts';
import { noActiveAccount, throttled } from './auth-errors.ts';
import { findAccountByLoginName, nthLatestLoginFailureSince, parseLoginName } from './queries.ts';

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
  otpReason?: TOtpReason,
): Promise<TTokenPair> {
  const pair = await ctx.tokens.pair(userId, scope);
  return { ...pair, otp_required: scope === 'otp', ...(otpReason ? { otp_reason: otpReason } : {}) };
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
 * ASVS 2.2.1: at most MAX_FAILED_LOGINS_PER_HOUR failures per account over a sliding hour. Returns
 * the seconds until the oldest counted failure leaves the window once the limit is reached, null
 * below it.
 */
export async function loginFailureLimitReached(db: DbOrTx, userId: number, now = new Date()) {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const oldestCounted = await nthLatestLoginFailureSince(db, userId, since, MAX_FAILED_LOGINS_PER_HOUR);
  return oldestCounted ? (oldestCounted.getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000 : null;
}

/** Past the per-account limit, 429 with Retry-After (change-password: the caller already has a session). */
export async function assertLoginNotThrottled(db: DbOrTx, userId: number, now = new Date()) {
  const retryAfter = await loginFailureLimitReached(db, userId, now);
  if (retryAfter !== null) throw throttled(retryAfter);
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

/**
 * POST /auth/token: e-mail or phone and password → a token pair, OTP-scoped until the phone is
 * confirmed. Past the per-account failure limit the right password is not refused (that would let
 * anyone lock the owner out): it answers the OTP step, so the SMS code is needed on top of it. A
 * wrong password is refused as below the limit (and still counted). An account without a phone
 * cannot receive the code, so past the limit it waits (429).
 */
export async function login(ctx: AppContext, input: TTokenRequest, ip: string | null): Promise<TTokenPair> {
  const name = parseLoginName(input.username);
  const account = name ? await findAccountByLoginName(ctx.db, name) : null;
  if (!account) {
    await passwordMatches(null, input.password);
    throw noActiveAccount();
  }
  const limitRetryAfter = await loginFailureLimitReached(ctx.db, account.user.id);
  if (!(await passwordMatches(account.user.passwordHash, input.password))) {
    await recordLoginFailure(ctx.db, account.user.id, ip);
    throw noActiveAccount();
  }
  assertAccountUsable(account);
  if (limitRetryAfter !== null) {
    if (!account.user.phone) throw throttled(limitRetryAfter);
    return issueTokenPair(ctx, account.user.id, 'otp', 'failed_logins');
  }
  return needsPhoneConfirmation(account.user)
    ? issueTokenPair(ctx, account.user.id, 'otp', 'phone_confirmation')
    : issueTokenPair(ctx, account.user.id, 'full');
}
