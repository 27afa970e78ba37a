/**
 * Onboarding by link (spec §7 Onboarding; issue 11): HR sends a card-order link by SMS and/or
 * e-mail; the person opens it without an account session, gives their mobile, confirms it with a
 * code (the login's OTP rules: OTP_RETRIES_REACHED, incorrect_otp, dead after 5 wrong tries),
 * then orders the card with the same form and checks as POST /card/order/.
 */
import { randomBytes } from 'node:crypto';
import type { TOnboardingChannel } from '@tasbiq/contracts/cards';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { cardOrders, onboardingTokens } from '../../../db/schema/cards.ts';
import { companies } from '../../../db/schema/companies.ts';
import { AppError, fieldError, notFound } from '../../../lib/errors.ts';
import { toWireDateTime } from '../../../lib/time.ts';
import { consumeOtp, issueOtp, maskPhone, otpMessage } from '../../auth/otp-service.ts';
import { isLoginNameTaken } from '../../auth/queries.ts';
import { refuseSecondOrder } from '../order-service.ts';
import { findHolder, type Holder } from '../queries.ts';
import { serializeCardOrder } from '../serialize.ts';
import {
  createOnboardingToken,
  findLiveOnboardingToken,
  findSignedOnboardingToken,
  hashPhoneToken,
  invalidToken,
  type OnboardingTokenRow,
} from './onboarding-tokens.ts';

export type LinkSent = {
  employee: number;
  sent: boolean;
  channels: TOnboardingChannel[];
  reason: string | null;
  expires: string | null;
};

const onboardingLink = (ctx: AppContext, token: string) =>
  `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/onboarding?token=${encodeURIComponent(token)}`;

async function companyName(ctx: AppContext, companyId: number) {
  const [row] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** Why no link can go to this person (a code of the catalogue), or null. */
async function refusalFor(
  ctx: AppContext,
  holder: Holder,
  companyId: number,
  channels: TOnboardingChannel[],
) {
  if (!holder.isActive) return 'inactive_account';
  try {
    await refuseSecondOrder(ctx.db, companyId, holder.employeeId);
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  const usable = channels.filter((c) => (c === 'sms' ? holder.phone : holder.email));
  if (usable.length === 0) return channels.includes('sms') ? 'EMPLOYEE_NO_PHONE' : 'EMPLOYEE_HAS_NO_EMAIL';
  return null;
}

/**
 * Sends one employee a card-order link on the channels they can be reached by (of those asked).
 * `strict`: throw the refusal (single send) instead of reporting it (bulk).
 */
export async function sendOnboardingLink(
  ctx: AppContext,
  input: { companyId: number; employeeId: number; sentBy: number; channels: TOnboardingChannel[] },
  strict: boolean,
): Promise<LinkSent> {
  const holder = await findHolder(ctx.db, input.companyId, input.employeeId);
  if (!holder) {
    if (strict) throw notFound();
    return {
      employee: input.employeeId,
      sent: false,
      channels: [],
      reason: "L'élément demandé est introuvable.",
      expires: null,
    };
  }
  const refusal = await refusalFor(ctx, holder, input.companyId, input.channels);
  if (refusal) {
    const error = new AppError(refusal, { status: refusal === 'inactive_account' ? 403 : 400 });
    if (strict) throw error;
    return { employee: input.employeeId, sent: false, channels: [], reason: error.message, expires: null };
  }
  const channels = input.channels.filter((c) => (c === 'sms' ? holder.phone : holder.email));
  const { token, row } = await createOnboardingToken(ctx.db, ctx.config.JWT_SECRET, {
    companyId: input.companyId,
    employeeId: input.employeeId,
    sentBy: input.sentBy,
    channels,
    ttlHours: ctx.config.ONBOARDING_TOKEN_TTL_HOURS,
  });
  const link = onboardingLink(ctx, token);
  const company = await companyName(ctx, input.companyId);
  const text = `${company} vous invite à commander votre carte prépayée Tasbiq : ${link} (lien personnel, valable ${ctx.config.ONBOARDING_TOKEN_TTL_HOURS} h, à usage unique).`;
  for (const channel of channels) {
    if (channel === 'sms') await ctx.sms.send({ to: holder.phone!, body: text });
    else
      await ctx.email.send({
        to: holder.email!,
        subject: 'Commandez votre carte prépayée Tasbiq',
        body: `Bonjour ${holder.firstName},\n\n${text}\n\nLe livreur vous appellera pour convenir de la livraison.`,
      });
  }
  return {
    employee: input.employeeId,
    sent: true,
    channels,
    reason: null,
    expires: toWireDateTime(row.expiresAt),
  };
}

/**
 * A link that still works: signed, known, not expired nor used, for an active employee of a
 * company whose cards are on (a link outlives neither).
 */
async function liveLink(ctx: AppContext, token: string) {
  const link = await findLiveOnboardingToken(ctx.db, ctx.config.JWT_SECRET, token);
  const holder = await findHolder(ctx.db, link.companyId, link.employeeId);
  const [company] = await ctx.db
    .select({ cardsEnabled: companies.cardsEnabled, isActive: companies.isActive })
    .from(companies)
    .where(eq(companies.id, link.companyId));
  if (!holder?.isActive || !company?.cardsEnabled || !company.isActive) throw invalidToken();
  return { link, holder };
}

/** POST /onboarding/verify/: who the link is for (first name only) and until when it works. */
export async function verifyOnboardingToken(ctx: AppContext, token: string) {
  const { link: row, holder } = await liveLink(ctx, token);
  return {
    first_name: holder.firstName,
    company: await companyName(ctx, row.companyId),
    phone_hint: holder.phone ? maskPhone(holder.phone) : null,
    expires: toWireDateTime(row.expiresAt),
  };
}

/** The OTP flow token names its onboarding link: `linkId.random`. */
function parseFlowToken(token: string): number | null {
  const match = /^(\d{1,10})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : null;
}

/**
 * POST /onboarding/request_otp/: a code to the phone the person typed. PHONE_EXISTS when the
 * number is another account's (it would become this card's phone); the send limits are the login's.
 */
export async function requestOnboardingOtp(
  ctx: AppContext,
  input: { onboardingToken: string; phone: string },
) {
  const { link, holder } = await liveLink(ctx, input.onboardingToken);
  if (await isLoginNameTaken(ctx.db, { phone: input.phone }, holder.userId))
    throw fieldError('phone', 'PHONE_EXISTS');
  const flowToken = `${link.id}.${randomBytes(32).toString('base64url')}`;
  const { code } = await issueOtp(ctx, {
    userId: holder.userId,
    purpose: 'card_onboarding',
    target: input.phone,
    flowTokenHash: hashPhoneToken(flowToken),
  });
  await ctx.sms.send({ to: input.phone, body: otpMessage(code) });
  return { token: flowToken, phone: maskPhone(input.phone) };
}

/** POST /onboarding/verify_otp/: the code proves the phone; answers the token the order carries. */
export async function verifyOnboardingOtp(ctx: AppContext, input: { token: string; otp: string }) {
  const linkId = parseFlowToken(input.token);
  if (linkId === null) throw invalidToken();
  const [link] = await ctx.db.select().from(onboardingTokens).where(eq(onboardingTokens.id, linkId));
  if (!link || link.usedAt || link.expiresAt <= new Date()) throw invalidToken();
  const holder = await findHolder(ctx.db, link.companyId, link.employeeId);
  if (!holder) throw invalidToken();
  const phoneToken = randomBytes(32).toString('base64url');
  await consumeOtp(
    ctx,
    {
      userId: holder.userId,
      purpose: 'card_onboarding',
      code: input.otp,
      flowTokenHash: hashPhoneToken(input.token),
    },
    async (tx, row) => {
      await tx
        .update(onboardingTokens)
        .set({ confirmedPhone: row.target, phoneTokenHash: hashPhoneToken(phoneToken) })
        .where(
          and(
            eq(onboardingTokens.companyId, link.companyId),
            eq(onboardingTokens.id, link.id),
            isNull(onboardingTokens.usedAt),
          ),
        );
    },
  );
  return { phone_token: phoneToken };
}

/** The link and the phone it confirmed, for the order (INVALID_TOKEN / PHONE_MISSING otherwise). */
export async function onboardingOrderContext(
  ctx: AppContext,
  input: { token: string; phoneToken: string },
): Promise<{ link: OnboardingTokenRow; phone: string; holder: Holder }> {
  const { link, holder } = await liveLink(ctx, input.token);
  if (
    !link.confirmedPhone ||
    !link.phoneTokenHash ||
    link.phoneTokenHash !== hashPhoneToken(input.phoneToken)
  )
    throw new AppError('PHONE_MISSING');
  return { link, phone: link.confirmedPhone, holder };
}

/**
 * GET /onboarding/orders/{id}?token=&phone_token=: the progress of the order placed with this
 * link. The link is used by then, so it is checked by its signature and the phone token, and
 * it must be the order's own link.
 */
export async function onboardingOrderOf(
  ctx: AppContext,
  input: { orderId: number; token: string; phoneToken: string },
) {
  const [random] = input.token.split('.');
  // Used (or expired since): read without the liveness rules, the signature still checked.
  const link = await findSignedOnboardingToken(ctx.db, ctx.config.JWT_SECRET, input.token);
  if (!random || link.phoneTokenHash !== hashPhoneToken(input.phoneToken)) throw invalidToken();
  const [order] = await ctx.db
    .select()
    .from(cardOrders)
    .where(
      and(
        eq(cardOrders.companyId, link.companyId),
        eq(cardOrders.id, input.orderId),
        eq(cardOrders.onboardingTokenId, link.id),
      ),
    );
  if (!order) throw notFound();
  return serializeCardOrder(order);
}
