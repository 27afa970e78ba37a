/**
 * POST /auth/password-reset without a timing side channel (issue 8 §5): the request only queues
 * `auth.password-reset {username}` — the same work for any well-formed login name, known or not —
 * and answers. The worker (pg-boss on PostgreSQL, in-process on PGlite) finds the account, makes
 * the link and sends it by e-mail and SMS; so the answer never waits for a gateway, and an unknown
 * account is not the fast case.
 *
 * The job carries the normalised login name (an account that does not exist has no id to carry);
 * pg-boss keeps finished jobs for its retention period, like the outbox keeps what was sent.
 */
import { RESET_LINK_TTL_SECONDS, RESET_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext, AppModule } from '../../context.ts';
import { users } from '../../db/schema/accounts.ts';
import { passwordResetTokens } from '../../db/schema/auth.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { issueLink } from '../../lib/password-links.ts';
import { isAccountUsable } from './login-service.ts';
import { findAccountByLoginName, type LoginName, parseLoginName } from './queries.ts';

export const PASSWORD_RESET_JOB = 'auth.password-reset';

export type PasswordResetJob = { name: LoginName };

type Logger = { error(obj: unknown, msg?: string): void };

/** The request's whole work: one job queued, whatever the account. */
export async function queuePasswordReset(jobs: JobQueue, username: string): Promise<void> {
  const name = parseLoginName(username);
  // The contract refuses a malformed name (INVALID_USERNAME) before this point.
  if (!name) return;
  await jobs.send<PasswordResetJob>(PASSWORD_RESET_JOB, { name });
}

/**
 * The worker: an active account with a password gets a single-use link by e-mail and SMS; a new
 * link replaces the previous one, and at most one is sent per RESET_RESEND_COUNTDOWN_SECONDS.
 * Anyone else gets nothing. A gateway failure is logged, not retried: the link only exists in this
 * run (its hash is stored), and the person can ask again after the countdown.
 */
export async function runPasswordReset(
  ctx: Pick<AppContext, 'db' | 'config' | 'sms' | 'email'>,
  name: LoginName,
  logger: Logger,
): Promise<void> {
  const account = await findAccountByLoginName(ctx.db, name);
  if (!account || !isAccountUsable(account)) return;
  const { user } = account;
  if (!user.email && !user.phone) return;
  // An invited person has no password to reset: their way in is the activation link, which HR
  // can send again.
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
  const sends: Array<[channel: 'email' | 'sms', send: () => Promise<unknown>]> = [];
  if (user.email) {
    const to = user.email;
    sends.push([
      'email',
      () =>
        ctx.email.send({
          to,
          subject: 'Réinitialisation de votre mot de passe Tasbiq',
          body:
            `Bonjour ${user.firstName},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien :\n${link}\n\n` +
            `Il expire dans ${minutes} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
        }),
    ]);
  }
  if (user.phone) {
    const to = user.phone;
    sends.push([
      'sms',
      () =>
        ctx.sms.send({
          to,
          body: `Tasbiq : pour réinitialiser votre mot de passe, ouvrez ${link} (valable ${minutes} minutes).`,
        }),
    ]);
  }
  for (const [channel, send] of sends) {
    try {
      await send();
    } catch (error) {
      logger.error({ err: error, userId: user.id, channel }, 'password reset link could not be sent');
    }
  }
}

/** Registers the worker (no routes); the route is in routes.ts. */
export const passwordResetJobs: AppModule = async (app, ctx) => {
  await ctx.jobs.work<PasswordResetJob>(PASSWORD_RESET_JOB, async ({ name }) => {
    await runPasswordReset(ctx, name, app.log);
  });
};
