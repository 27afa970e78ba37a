import type { TChangePasswordRequest } from '@tasbiq/contracts/auth';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { loginFailures, passwordResetTokens } from '../../db/schema/auth.ts';
import { companies } from '../../db/schema/companies.ts';
import { endAllSessions } from '../../lib/auth/login-sessions.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import type { UserRow } from '../../lib/auth/session.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashLinkToken } from '../../lib/password-links.ts';
import { type FieldIssue, RequestValidationError } from '../../lib/validation.ts';
import { resetPasswordFailed } from './auth-errors.ts';
import { checkCurrentPassword } from './login-service.ts';
import { checkNewPassword } from './password-policy.ts';
import { queuePasswordReset } from './password-reset-jobs.ts';

function assertPasswordPolicy(
  newPassword: string,
  confirmPassword: string,
  owner: UserRow,
  extra: FieldIssue[] = [],
) {
  const issues = [...extra, ...checkNewPassword({ newPassword, confirmPassword, owner })];
  if (issues.length > 0) throw new RequestValidationError(issues);
}

/**
 * SAME_PASSWORD when the new password is the current one. The contract refuses a new password
 * equal to the old one sent with it; this compares with the stored hash, which also covers an
 * account whose current password is not asked (never chosen by the person).
 */
async function samePasswordIssues(user: UserRow, newPassword: string): Promise<FieldIssue[]> {
  if (!(await verifyPassword(user.passwordHash, newPassword))) return [];
  return [{ attr: 'new_password', code: 'SAME_PASSWORD', detail: ERROR_MESSAGES_FR.SAME_PASSWORD! }];
}

/**
 * POST /auth/change-password. The old password is required once the user has chosen a
 * password themselves (password_changed_at set); before that (invitation, HR-set password) it
 * is not asked, and one sent anyway answers PASSWORD_NOT_REQUIRED (an empty one counts as not
 * sent). A wrong old password counts as a failed login; the current password again is
 * SAME_PASSWORD, with the policy's other issues. Every other session of the account ends
 * with the change (ASVS 3.3.3; decision 026); the caller's own, `keepSessionId`, goes on.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: TChangePasswordRequest,
  ip: string | null,
  keepSessionId: string,
): Promise<void> {
  if (user.passwordChangedAt !== null) {
    if (!input.old_password) throw fieldError('old_password', 'PASSWORD_REQUIRED');
    if (!(await checkCurrentPassword(ctx.db, user, input.old_password, ip)))
      throw fieldError('old_password', 'PASSWORD_INCORECT');
  } else if (input.old_password) {
    throw fieldError('old_password', 'PASSWORD_NOT_REQUIRED');
  }
  const same = await samePasswordIssues(user, input.new_password);
  assertPasswordPolicy(input.new_password, input.confirm_password, user, same);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id, { reason: 'password_change', exceptSessionId: keepSessionId });
  });
}

/**
 * POST /auth/password-reset: the answer never says whether the account exists, and takes the same
 * time either way: the request only queues the job that finds the account and sends the link
 * (password-reset-jobs.ts), for any well-formed login name.
 */
export async function requestPasswordReset(ctx: AppContext, username: string): Promise<void> {
  await queuePasswordReset(ctx.jobs, username);
}

async function expireLiveResetTokens(db: DbOrTx, userId: number, now: Date, exceptId?: number) {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'reset'),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        exceptId === undefined ? undefined : ne(passwordResetTokens.id, exceptId),
      ),
    );
}

/** A live reset token and its account, or RESET_PASSWORD_FAILED (unknown, used, expired, inactive). */
async function findLiveResetToken(db: DbOrTx, token: string, lock: boolean) {
  const query = db
    .select({ reset: passwordResetTokens, user: users, companyActive: companies.isActive })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    // Activation links share the table but not this door: they must activate the employee too.
    .where(
      and(eq(passwordResetTokens.tokenHash, hashLinkToken(token)), eq(passwordResetTokens.purpose, 'reset')),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: passwordResetTokens }) : await query;
  const usable =
    row &&
    row.reset.usedAt === null &&
    row.reset.expiresAt > new Date() &&
    row.user.isActive &&
    row.companyActive !== false;
  if (!usable) throw resetPasswordFailed();
  return row;
}

/** POST /auth/password-reset/verify: lets the reset page say early that a link is dead. */
export async function verifyResetToken(ctx: AppContext, token: string): Promise<void> {
  await findLiveResetToken(ctx.db, token, false);
}

/**
 * POST /auth/password-reset/confirm: same password rules as a change. Marks the token used,
 * kills the user's other links, clears the failed-login count (the person proved they own the
 * e-mail or phone) and ends every session of the account (decision 026).
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: { token: string; new_password: string; confirm_password: string },
): Promise<void> {
  const { user } = await findLiveResetToken(ctx.db, input.token, false);
  assertPasswordPolicy(input.new_password, input.confirm_password, user);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const { reset } = await findLiveResetToken(tx, input.token, true);
    const now = new Date();
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, reset.id));
    await expireLiveResetTokens(tx, reset.userId, now, reset.id);
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, reset.userId));
    await tx.delete(loginFailures).where(eq(loginFailures.userId, reset.userId));
    await endAllSessions(tx, reset.userId, { reason: 'password_reset' });
  });
}
