import type { TTokenPair } from '@tasbiq/contracts/auth';
import type { TSignupRequestParsed } from '@tasbiq/contracts/signup';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/accounts.ts';
import { phoneVerifications } from '../../db/schema/auth.ts';
import { hashPassword } from '../../lib/auth/passwords.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { isUniqueViolation } from '../auth/auth-errors.ts';
import { checkNewPassword } from '../auth/password-policy.ts';
import { isLoginNameTaken } from '../auth/queries.ts';
import { createEmployeeAccount } from '../employees/service.ts';
import { hasEmployeeWithSerial, lockIdentityBySerial, markIdentityUsed } from './identities-queries.ts';
import { invalidSignupToken, lockVerifiedPhone, phoneOfToken } from './phone-verification-service.ts';
import { findCompanyBySignupToken } from './signup-queries.ts';

const NO_ACCOUNT = 0;

const identityNotFound = () => new AppError('IDENTITY_NOT_FOUND', { status: 400 });
const identityUsed = () => new AppError('IDENTITY_USED', { status: 400 });

/** The password rules of the auth module, reported on this form's field names. */
function assertPasswordPolicy(input: TSignupRequestParsed, phone: string | null) {
  const issues = checkNewPassword({
    newPassword: input.password,
    confirmPassword: input.confirm_password,
    owner: { email: input.email, phone, firstName: input.first_name, lastName: input.last_name },
  }).map((issue) => ({ ...issue, attr: issue.attr === 'new_password' ? 'password' : issue.attr }));
  if (issues.length > 0) throw new RequestValidationError(issues);
}

/**
 * POST /signup/: a person with a verified phone proves who they are with matricule + birthday
 * (an unused identity HR uploaded) and gets an activated employee account, logged in at once.
 * One transaction: the phone check and the identity are locked, the account and employee are
 * created, the identity is linked and marked used, the phone check is spent. Two signups with
 * one identity: the second waits on the identity's row lock, then finds it used.
 */
export async function signUp(ctx: AppContext, input: TSignupRequestParsed): Promise<TTokenPair> {
  const company = await findCompanyBySignupToken(ctx.db, input.signup_token);
  if (!company) throw invalidSignupToken();
  // Cheap checks first, argon2 (deliberately slow) only for a request that may succeed.
  assertPasswordPolicy(input, await phoneOfToken(ctx.db, input.phone_token));
  if (input.email && (await isLoginNameTaken(ctx.db, { email: input.email }, NO_ACCOUNT)))
    throw fieldError('email', 'EMAIL_EXISTS');
  const passwordHash = await hashPassword(input.password);

  let userId: number;
  try {
    userId = await ctx.db.transaction(async (tx) => {
      const verification = await lockVerifiedPhone(tx, input.phone_token);
      const identity = await lockIdentityBySerial(tx, company.id, input.serial);
      if (!identity || identity.birthday !== input.birthday) throw identityNotFound();
      if (identity.isUsed || (await hasEmployeeWithSerial(tx, company.id, identity.serial)))
        throw identityUsed();
      if (await isLoginNameTaken(tx, { phone: verification.phone }, NO_ACCOUNT))
        throw fieldError('phone', 'PHONE_EXISTS');

      const now = new Date();
      const { user, employee } = await createEmployeeAccount(tx, {
        companyId: company.id,
        email: input.email,
        phone: verification.phone,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        phoneConfirmed: true,
        employee: { serial: identity.serial, birthday: identity.birthday, status: 'activated' },
      });
      // The person chose this password: later changes ask for it (decision 005).
      await tx.update(users).set({ passwordChangedAt: now }).where(eq(users.id, user.id));
      await markIdentityUsed(tx, identity.id, employee.id);
      await tx
        .update(phoneVerifications)
        .set({ usedAt: now })
        .where(eq(phoneVerifications.id, verification.id));
      return user.id;
    });
  } catch (error) {
    // Someone took the phone or e-mail between the checks and the insert: the unique index says so.
    if (isUniqueViolation(error)) {
      const text = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error);
      if (text.includes('email')) throw fieldError('email', 'EMAIL_EXISTS');
      if (text.includes('phone')) throw fieldError('phone', 'PHONE_EXISTS');
      throw identityUsed();
    }
    throw error;
  }
  const pair = await ctx.tokens.pair(userId, 'full');
  return { ...pair, otp_required: false };
}
