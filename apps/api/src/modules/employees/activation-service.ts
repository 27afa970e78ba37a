import type { TActivationConfirmRequest, TActivationVerifyResponse } from '@tasbiq/contracts/employees';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { passwordResetTokens } from '../../db/schema/auth.ts';
import { companies } from '../../db/schema/companies.ts';
import { employees } from '../../db/schema/employees.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';
import { AppError } from '../../lib/errors.ts';
import { hashLinkToken } from '../../lib/password-links.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { checkNewPassword } from '../auth/password-policy.ts';

const invalidToken = () => new AppError('INVALID_TOKEN', { status: 400 });

/**
 * The live activation link behind `token`: purpose 'activation', unused, unexpired, for an active
 * account of an active company whose employee is still invited. Anything else is INVALID_TOKEN,
 * one answer whatever the reason (the page only needs to say "ask HR for a new link").
 */
async function findLiveActivation(db: DbOrTx, token: string, lock: boolean) {
  const query = db
    .select({
      link: passwordResetTokens,
      user: users,
      employeeId: employees.id,
      employeeStatus: employees.status,
      companyName: companies.name,
      companyActive: companies.isActive,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .innerJoin(employees, eq(employees.userId, users.id))
    .innerJoin(companies, eq(companies.id, employees.companyId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashLinkToken(token)),
        eq(passwordResetTokens.purpose, 'activation'),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: [passwordResetTokens, employees] }) : await query;
  const usable =
    row &&
    row.link.usedAt === null &&
    row.link.expiresAt > new Date() &&
    row.user.isActive &&
    row.companyActive &&
    row.employeeStatus === 'invited';
  if (!usable) throw invalidToken();
  return row;
}

/** POST /auth/activation/verify: who the link is for, so the page can greet them. */
export async function verifyActivation(ctx: AppContext, token: string): Promise<TActivationVerifyResponse> {
  const row = await findLiveActivation(ctx.db, token, false);
  return { first_name: row.user.firstName, company: row.companyName };
}

/**
 * POST /auth/activation/confirm: the first password (same policy as a reset), then the employee is
 * activated and the link used, in one transaction under a row lock (two confirms: one wins). The
 * phone is still unconfirmed: the first login asks for the SMS code.
 */
export async function confirmActivation(ctx: AppContext, input: TActivationConfirmRequest): Promise<void> {
  const { user } = await findLiveActivation(ctx.db, input.token, false);
  const issues = checkNewPassword({
    newPassword: input.new_password,
    confirmPassword: input.confirm_password,
    owner: user,
  });
  if (issues.length > 0) throw new RequestValidationError(issues);
  // argon2 is slow on purpose: hash before taking the locks.
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    const { link, employeeId } = await findLiveActivation(tx, input.token, true);
    const now = new Date();
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.id, link.id));
    await tx
      .update(passwordResetTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(passwordResetTokens.userId, link.userId),
          ne(passwordResetTokens.id, link.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      );
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, link.userId));
    await tx
      .update(employees)
      .set({ status: 'activated', updatedAt: now })
      .where(eq(employees.id, employeeId));
  });
}
