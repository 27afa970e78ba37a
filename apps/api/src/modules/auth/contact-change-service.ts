import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/accounts.ts';
import { fieldError } from '../../lib/errors.ts';
import { isUniqueViolation } from './auth-errors.ts';
import { consumeOtp, issueOtp, otpMessage } from './otp-service.ts';
import { isLoginNameTaken } from './queries.ts';

/**
 * Changing the phone or the e-mail (both are login names): a code goes to the NEW address, the
 * client gets an opaque flow token, and the change happens only when token and code come back.
 */
type ContactKind = 'phone' | 'email';

const FLOWS = {
  phone: { purpose: 'change_phone', existsCode: 'PHONE_EXISTS' },
  email: { purpose: 'change_email', existsCode: 'EMAIL_EXISTS' },
} as const;

const hashFlowToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function assertFree(ctx: AppContext, kind: ContactKind, value: string, userId: number) {
  const name = kind === 'phone' ? { phone: value } : { email: value };
  if (await isLoginNameTaken(ctx.db, name, userId)) throw fieldError(kind, FLOWS[kind].existsCode);
}

async function send(ctx: AppContext, kind: ContactKind, to: string, code: string) {
  if (kind === 'phone') await ctx.sms.send({ to, body: otpMessage(code) });
  else await ctx.email.send({ to, subject: 'Votre code de vérification Tasbiq', body: otpMessage(code) });
}

/** POST /auth/change_phone and /auth/change_email: `value` is already normalised by the contract. */
export async function requestContactChange(
  ctx: AppContext,
  kind: ContactKind,
  userId: number,
  value: string,
): Promise<{ token: string }> {
  await assertFree(ctx, kind, value, userId);
  const token = randomBytes(32).toString('base64url');
  const { code } = await issueOtp(ctx, {
    userId,
    purpose: FLOWS[kind].purpose,
    target: value,
    flowTokenHash: hashFlowToken(token),
  });
  await send(ctx, kind, value, code);
  return { token };
}

/**
 * POST /auth/change_phone/validate and /auth/change_email/validate. The code is checked and the
 * address set in one transaction; a new phone counts as confirmed (the code just proved it).
 * Someone else taking the address meanwhile hits the unique index: PHONE_EXISTS / EMAIL_EXISTS.
 */
export async function validateContactChange(
  ctx: AppContext,
  kind: ContactKind,
  userId: number,
  input: { token: string; otp: string },
): Promise<void> {
  const flow = FLOWS[kind];
  try {
    await consumeOtp(
      ctx,
      { userId, purpose: flow.purpose, code: input.otp, flowTokenHash: hashFlowToken(input.token) },
      async (tx, row) => {
        const name = kind === 'phone' ? { phone: row.target } : { email: row.target };
        if (await isLoginNameTaken(tx, name, userId)) throw fieldError(kind, flow.existsCode);
        await tx
          .update(users)
          .set(kind === 'phone' ? { phone: row.target, phoneConfirmedAt: new Date() } : { email: row.target })
          .where(eq(users.id, userId));
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(kind, flow.existsCode);
    throw error;
  }
}
