import type { TOtpSendResponse, TTokenPair } from '@tasbiq/contracts/auth';
import { OTP_TTL_SECONDS } from '@tasbiq/contracts/constants';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/accounts.ts';
import type { UserRow } from '../../lib/auth/session.ts';
import { AppError } from '../../lib/errors.ts';
import { consumeOtp, issueOtp, maskPhone, otpMessage } from './otp-service.ts';

/** POST /auth/otp: a code by SMS to the account's own phone, to confirm it. */
export async function sendPhoneConfirmationCode(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'phone'>,
): Promise<TOtpSendResponse> {
  if (!user.phone) throw new AppError('PHONE_MISSING', { status: 400 });
  const { code } = await issueOtp(ctx, { userId: user.id, purpose: 'login', target: user.phone });
  await ctx.sms.send({ to: user.phone, body: otpMessage(code) });
  return {
    detail: 'Un code de vérification vous a été envoyé par SMS.',
    phone: maskPhone(user.phone),
    expires_in: OTP_TTL_SECONDS,
  };
}

/**
 * POST /auth/otp/verify: the right code confirms the phone and answers a new full-scope pair of
 * the same login session (`sessionId`, the OTP-scoped token's), so a logout ends both. The
 * OTP-scoped tokens already held are not blacklisted: the access one expires within minutes, and
 * the refresh one keeps its OTP scope when rotated (see refreshTokens).
 */
export async function verifyPhoneConfirmationCode(
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  code: string,
  sessionId: string,
): Promise<TTokenPair> {
  await consumeOtp(ctx, { userId: user.id, purpose: 'login', code }, async (tx, row) => {
    // Only the number the code went to is confirmed (a phone changed meanwhile stays as it is).
    await tx
      .update(users)
      .set({ phoneConfirmedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.phone, row.target)));
  });
  const pair = await ctx.tokens.pair(user.id, 'full', { sessionId });
  return { ...pair, otp_required: false };
}
