import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_SENDS,
  OTP_MAX_WRONG_TRIES,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
} from '@tasbiq/contracts/constants';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { otpCodes } from '../../db/schema/auth.ts';
import { incorrectOtp, throttled } from './auth-errors.ts';

/**
 * What a code confirms: the account's phone at login, a new phone or e-mail, or the phone given on
 * a card-order link (cards onboarding).
 */
export type OtpPurpose = 'login' | 'change_phone' | 'change_email' | 'card_onboarding';
export type OtpRow = typeof otpCodes.$inferSelect;

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Only an HMAC of the code is stored, keyed by the server secret and bound to the account,
 * purpose and destination: a leaked table row gives neither the code nor a reusable hash.
 */
export function hashOtp(secret: string, row: Pick<OtpRow, 'userId' | 'purpose' | 'target'>, code: string) {
  return createHmac('sha256', secret)
    .update(`${row.userId}:${row.purpose}:${row.target}:${code}`)
    .digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** '+212612345678' → '+212 6•• ••• •78': enough for the person to recognise their number. */
export function maskPhone(phone: string): string {
  const match = /^\+212(\d)\d{6}(\d{2})$/.exec(phone);
  if (!match) return '•••';
  return `+212 ${match[1]}•• ••• •${match[2]}`;
}

export function otpMessage(code: string): string {
  return `Votre code Tasbiq est ${code}. Il expire dans ${OTP_TTL_SECONDS / 60} minutes.`;
}

export type IssueOtpInput = {
  userId: number;
  purpose: OtpPurpose;
  target: string;
  flowTokenHash?: string | null;
};

/**
 * Stores a new code and returns it for sending. At most OTP_MAX_SENDS codes per account and
 * purpose in OTP_SEND_WINDOW_SECONDS (429 OTP_RETRIES_REACHED with Retry-After); the account
 * row is locked so two concurrent sends cannot both pass the count. Earlier live codes of the
 * same purpose stop working.
 */
export async function issueOtp(ctx: AppContext, input: IssueOtpInput): Promise<{ code: string }> {
  const code = generateOtp();
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const windowStart = new Date(now.getTime() - OTP_SEND_WINDOW_SECONDS * 1000);
    const sent = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.userId, input.userId),
          eq(otpCodes.purpose, input.purpose),
          gt(otpCodes.createdAt, windowStart),
        ),
      )
      .orderBy(asc(otpCodes.createdAt))
      .limit(OTP_MAX_SENDS);
    if (sent.length >= OTP_MAX_SENDS) {
      const oldest = sent[0]!.createdAt.getTime();
      throw throttled(
        (oldest + OTP_SEND_WINDOW_SECONDS * 1000 - now.getTime()) / 1000,
        'OTP_RETRIES_REACHED',
      );
    }
    await tx
      .update(otpCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(otpCodes.userId, input.userId),
          eq(otpCodes.purpose, input.purpose),
          isNull(otpCodes.usedAt),
          gt(otpCodes.expiresAt, now),
        ),
      );
    await tx.insert(otpCodes).values({
      userId: input.userId,
      purpose: input.purpose,
      target: input.target,
      codeHash: hashOtp(ctx.config.JWT_SECRET, { ...input }, code),
      flowToken: input.flowTokenHash ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  return { code };
}

export type ConsumeOtpInput = {
  userId: number;
  purpose: OtpPurpose;
  code: string;
  /** Flows that validate later (change phone/e-mail) name their code by the token they were given. */
  flowTokenHash?: string;
};

type Outcome<T> = { ok: true; value: T } | { ok: false };

/**
 * Checks a code and, when right, marks it used and runs `apply` in the same transaction (so a
 * failed apply leaves the code usable). Wrong codes count; after OTP_MAX_WRONG_TRIES the code is
 * dead, even for the right digits. Missing, expired, used, dead or wrong: 400 incorrect_otp.
 */
export async function consumeOtp<T>(
  ctx: AppContext,
  input: ConsumeOtpInput,
  apply: (tx: Tx, row: OtpRow) => Promise<T>,
): Promise<T> {
  const now = new Date();
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome<T>> => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.userId, input.userId),
          eq(otpCodes.purpose, input.purpose),
          isNull(otpCodes.usedAt),
          input.flowTokenHash === undefined ? undefined : eq(otpCodes.flowToken, input.flowTokenHash),
        ),
      )
      .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.wrongTries >= OTP_MAX_WRONG_TRIES || row.expiresAt <= now) return { ok: false };
    if (!sameHash(row.codeHash, hashOtp(ctx.config.JWT_SECRET, row, input.code))) {
      await tx
        .update(otpCodes)
        .set({ wrongTries: sql`${otpCodes.wrongTries} + 1` })
        .where(eq(otpCodes.id, row.id));
      return { ok: false };
    }
    await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, row.id));
    return { ok: true, value: await apply(tx as Tx, row) };
  });
  if (!outcome.ok) throw incorrectOtp();
  return outcome.value;
}
