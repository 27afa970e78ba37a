import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  OTP_MAX_SENDS,
  OTP_MAX_WRONG_TRIES,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
} from '@tasbiq/contracts/constants';
import { SIGNUP_PHONE_TOKEN_TTL_SECONDS, type TSignupOtpResponse } from '@tasbiq/contracts/signup';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { phoneVerifications } from '../../db/schema/auth.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { incorrectOtp, throttled } from '../auth/auth-errors.ts';
import { generateOtp, hashOtp, otpMessage } from '../auth/otp-service.ts';
import { isLoginNameTaken } from '../auth/queries.ts';
import { findCompanyBySignupToken } from './signup-queries.ts';

/**
 * Phone confirmation for someone who has no account yet (public signup): a code goes by SMS,
 * the client gets an opaque phone token (only its SHA-256 is stored), and the code turns that
 * token into proof that this person holds the phone. Same rules as the login OTP (decision 005):
 * 6 digits, HMAC-stored, 10 minutes, 5 wrong tries, 5 sends per phone per hour.
 */
export const SIGNUP_PURPOSE = 'signup';
/** No account yet: the code's HMAC is bound to the phone and purpose, with no user id. */
const NO_ACCOUNT = 0;

export const hashPhoneToken = (token: string) => createHash('sha256').update(token).digest('hex');

const codeHashOf = (secret: string, phone: string, code: string) =>
  hashOtp(secret, { userId: NO_ACCOUNT, purpose: SIGNUP_PURPOSE, target: phone }, code);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export const invalidSignupToken = () => new AppError('INVALID_TOKEN', { status: 400 });

/**
 * POST /signup/request_otp/. The same answer, the same work and the same SMS for a number that
 * already has an account as for a free one: this public page must not tell a stranger whether a
 * phone is registered (account enumeration, issue 10). Whether the number is taken is settled
 * once the code is confirmed, i.e. told only to whoever holds the phone (`verifySignupOtp`).
 */
export async function requestSignupOtp(
  ctx: AppContext,
  input: { signup_token: string; phone: string },
): Promise<TSignupOtpResponse> {
  const company = await findCompanyBySignupToken(ctx.db, input.signup_token);
  if (!company) throw invalidSignupToken();
  const { phone } = input;

  const code = generateOtp();
  const phoneToken = randomBytes(32).toString('base64url');
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    // No account row to lock: a transaction-scoped advisory lock on the phone serialises
    // concurrent sends to it, so they cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${SIGNUP_PURPOSE}:${phone}`}))`);
    const windowStart = new Date(now.getTime() - OTP_SEND_WINDOW_SECONDS * 1000);
    const sent = await tx
      .select({ createdAt: phoneVerifications.createdAt })
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.phone, phone),
          eq(phoneVerifications.purpose, SIGNUP_PURPOSE),
          gt(phoneVerifications.createdAt, windowStart),
        ),
      )
      .orderBy(asc(phoneVerifications.createdAt))
      .limit(OTP_MAX_SENDS);
    if (sent.length >= OTP_MAX_SENDS) {
      const oldest = sent[0]!.createdAt.getTime();
      throw throttled(
        (oldest + OTP_SEND_WINDOW_SECONDS * 1000 - now.getTime()) / 1000,
        'OTP_RETRIES_REACHED',
      );
    }
    // A new code replaces the earlier ones sent to this phone (verified tokens stay usable).
    await tx
      .update(phoneVerifications)
      .set({ expiresAt: now })
      .where(
        and(
          eq(phoneVerifications.phone, phone),
          eq(phoneVerifications.purpose, SIGNUP_PURPOSE),
          isNull(phoneVerifications.verifiedAt),
          gt(phoneVerifications.expiresAt, now),
        ),
      );
    await tx.insert(phoneVerifications).values({
      purpose: SIGNUP_PURPOSE,
      phone,
      codeHash: codeHashOf(ctx.config.JWT_SECRET, phone, code),
      flowTokenHash: hashPhoneToken(phoneToken),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  // A send that fails at the gateway still counted (no SMS-bombing through failures).
  await ctx.sms.send({ to: phone, body: otpMessage(code) });
  return { phone_token: phoneToken, expires_in: OTP_TTL_SECONDS };
}

/**
 * POST /signup/verify_otp/. Right code: the token is verified and stays usable for
 * SIGNUP_PHONE_TOKEN_TTL_SECONDS to finish the signup. Wrong codes count (committed even though
 * the call fails); unknown, expired, used or dead tokens and wrong codes: 400 incorrect_otp.
 * Sending the right code again for a verified token answers the same success. The right code for
 * a number that already logs in answers PHONE_EXISTS: only the phone's holder can get that far,
 * and they are told to log in instead (the token is not verified, so it cannot sign up).
 */
export async function verifySignupOtp(
  ctx: AppContext,
  input: { phone_token: string; otp: string },
): Promise<{ verified: true }> {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx): Promise<'verified' | 'wrong' | 'taken'> => {
    const [row] = await tx
      .select()
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.flowTokenHash, hashPhoneToken(input.phone_token)),
          eq(phoneVerifications.purpose, SIGNUP_PURPOSE),
        ),
      )
      .limit(1)
      .for('update');
    if (!row || row.usedAt || row.wrongTries >= OTP_MAX_WRONG_TRIES || row.expiresAt <= now) return 'wrong';
    if (!sameHash(row.codeHash, codeHashOf(ctx.config.JWT_SECRET, row.phone, input.otp))) {
      await tx
        .update(phoneVerifications)
        .set({ wrongTries: sql`${phoneVerifications.wrongTries} + 1` })
        .where(eq(phoneVerifications.id, row.id));
      return 'wrong';
    }
    if (await isLoginNameTaken(tx, { phone: row.phone }, NO_ACCOUNT)) return 'taken';
    if (!row.verifiedAt) {
      await tx
        .update(phoneVerifications)
        .set({ verifiedAt: now, expiresAt: new Date(now.getTime() + SIGNUP_PHONE_TOKEN_TTL_SECONDS * 1000) })
        .where(eq(phoneVerifications.id, row.id));
    }
    return 'verified';
  });
  if (outcome === 'wrong') throw incorrectOtp();
  if (outcome === 'taken') throw fieldError('phone', 'PHONE_EXISTS');
  return { verified: true };
}

/**
 * The verified, unused, live phone check behind a token, locked for the rest of the transaction
 * (two signups with one token: the second waits, then finds it used). Else 400 phone_not_confirmed.
 */
export async function lockVerifiedPhone(tx: DbOrTx, phoneToken: string) {
  const [row] = await tx
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.flowTokenHash, hashPhoneToken(phoneToken)),
        eq(phoneVerifications.purpose, SIGNUP_PURPOSE),
      ),
    )
    .limit(1)
    .for('update');
  if (!row?.verifiedAt || row.usedAt || row.expiresAt <= new Date())
    throw fieldError('phone_token', 'phone_not_confirmed');
  return row;
}

/** The phone a token was issued for (to keep a password from containing it), or null. */
export async function phoneOfToken(db: DbOrTx, phoneToken: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: phoneVerifications.phone })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.flowTokenHash, hashPhoneToken(phoneToken)))
    .limit(1);
  return row?.phone ?? null;
}
