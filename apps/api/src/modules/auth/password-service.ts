import { createHash, randomBytes } from 'node:crypto';
import type { TChangePasswordRequest } from '@tasbiq/contracts/auth';
import { RESET_LINK_TTL_SECONDS, RESET_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { loginFailures, passwordResetTokens } from '../../db/schema/auth.ts';
import { companies } from '../../db/schema/companies.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';
import type { UserRow } from '../../lib/auth/session.ts';
import { fieldError } from '../../lib/errors.ts';
import { hashLinkToken, issueLink } from '../../lib/password-links.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { resetPasswordFailed } from './auth-errors.ts';
import { checkCurrentPassword, isAccountUsable } from './login-service.ts';
import { checkNewPassword } from './password-policy.ts';
import { findAccountByLoginName, parseLoginName } from './queries.ts';

function assertPasswordPolicy(newPassword: string, confirmPassword: string, owner: UserRow) {
  const issues = checkNewPassword({ newPassword, confirmPassword, owner });
  if (issues.length > 0) throw new RequestValidationError(issues);
}

/**
 * POST /auth/change-password. The old password is required once the user has chosen a
 * password themselves (password_changed_at set); before that (invitation, HR-set password) it
 * is optional and, if sent, ignored. A wrong old password counts as a failed login. Other
 * sessions are kept (only a reset ends them, see refreshTokens).
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: TChangePasswordRequest,
  ip: string | null,
): Promise<void> {
  if (user.passwordChangedAt !== null) {
    if (!input.old_password) throw fieldError('old_password', 'PASSWORD_REQUIRED');
    if (!(await checkCurrentPassword(ctx.db, user, input.old_password, ip)))
      throw fieldError('old_password', 'PASSWORD_INCORECT');
  }
  assertPasswordPolicy(input.new_password, input.confirm_password, user);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db
    .update(users)
    .set({ passwordHash, passwordChangedAt: new Date() })
    .where(eq(users.id, user.id));
}

/**
 * POST /auth/password-reset: the answer never says whether the account exists. An active
 * account gets a single-use link by e-mail and SMS; a new link replaces the previous one, and
 * at most one is sent per RESET_RESEND_COUNTDOWN_SECONDS.
 */
export async function requestPasswordReset(ctx: AppContext, username: string): Promise<void> {
  const name = parseLoginName(username);
  const account = name ? await findAccountByLoginName(ctx.db, name) : null;
  if (!account || !isAccountUsable(account)) return;
  const { user } = account;
  if (!user.email && !user.phone) return;
  // An invited person has no password to reset: their way in is the activation link, which HR
  // can send again. Same silent answer, so this tells nothing about the account.
  if (!user.passwordHash) return;

  const now = new Date();
  let token = '';
  const created = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [recent] = await tx
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, user.id),
          gt(passwordResetTokens.createdAt, new Date(now.getTime() - RESET_RESEND_COUNTDOWN_SECONDS * 1000)),
        ),
      )
      .limit(1);
    if (recent) return false;
    token = await issueLink(tx, user.id, 'reset', now);
    return true;
  });
  if (!created) return;

  const link = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/reset?token=${token}`;
  const minutes = RESET_LINK_TTL_SECONDS / 60;
  if (user.email) {
    await ctx.email.send({
      to: user.email,
      subject: 'Réinitialisation de votre mot de passe Tasbiq',
      body:
        `Bonjour ${user.firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien :\n${link}\n\n` +
        `Il expire dans ${minutes} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
    });
  }
  if (user.phone) {
    await ctx.sms.send({
      to: user.phone,
      body: `Tasbiq : pour réinitialiser votre mot de passe, ouvrez ${link} (valable ${minutes} minutes).`,
    });
  }
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
 * e-mail or phone) and, through the used token's time, ends older sessions (see refreshTokens).
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
  });
}
