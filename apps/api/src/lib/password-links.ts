import { createHash, randomBytes } from 'node:crypto';
import { RESET_LINK_TTL_SECONDS, RESET_RESEND_COUNTDOWN_SECONDS } from '@tasbiq/contracts/constants';
import { ACTIVATION_LINK_TTL_SECONDS } from '@tasbiq/contracts/employees';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema/auth.ts';
import { AppError } from './errors.ts';

/**
 * Password links sent on HR's behalf: the activation link of an invited employee (7 days) and a
 * reset link (1 hour, the same kind of link as /auth/password-reset, so /reset?token= completes it).
 * Only the token's SHA-256 is stored, as the auth module does.
 */
export type LinkPurpose = 'activation' | 'reset';

const TTL_SECONDS: Record<LinkPurpose, number> = {
  activation: ACTIVATION_LINK_TTL_SECONDS,
  reset: RESET_LINK_TTL_SECONDS,
};
const PAGE: Record<LinkPurpose, string> = { activation: 'activate', reset: 'reset' };

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Creates a link for `userId`, expiring the live links of the same purpose (the newest one is the
 * only one that works). Call inside the transaction that creates or checks the account.
 */
export async function issueLink(
  db: DbOrTx,
  userId: number,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<string> {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, purpose),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    purpose,
    userId,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + TTL_SECONDS[purpose] * 1000),
    createdAt: now,
  });
  return token;
}

/**
 * One link per RESET_RESEND_COUNTDOWN_SECONDS per person and purpose: a double click or an
 * impatient HR person does not send a burst of SMS. 429 with Retry-After.
 */
export async function assertLinkNotSentRecently(
  db: DbOrTx,
  userId: number,
  purpose: LinkPurpose,
  now = new Date(),
) {
  const since = new Date(now.getTime() - RESET_RESEND_COUNTDOWN_SECONDS * 1000);
  const [recent] = await db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, purpose),
        gt(passwordResetTokens.createdAt, since),
      ),
    )
    .limit(1);
  if (recent) {
    const wait = Math.max(
      1,
      Math.ceil((recent.createdAt.getTime() + RESET_RESEND_COUNTDOWN_SECONDS * 1000 - now.getTime()) / 1000),
    );
    throw new AppError('throttled', {
      status: 429,
      headers: { 'retry-after': String(wait) },
      detail: `Un lien vient d'être envoyé. Veuillez patienter ${wait} secondes avant d'en envoyer un autre.`,
    });
  }
}

export type LinkRecipient = { firstName: string; email: string | null; phone: string | null };
export type Channels = { sms: boolean; email: boolean };

function messages(purpose: LinkPurpose, link: string, firstName: string, companyName: string) {
  if (purpose === 'activation') {
    return {
      sms: `${companyName} vous invite sur Tasbiq. Activez votre compte et choisissez votre mot de passe : ${link} (lien valable 7 jours).`,
      subject: `${companyName} vous invite sur Tasbiq`,
      body:
        `Bonjour ${firstName},\n\n${companyName} vous a ouvert un compte Tasbiq : avances sur salaire, ` +
        `fiches de paie et services de votre entreprise.\n\nPour activer votre compte et choisir votre ` +
        `mot de passe, ouvrez ce lien :\n${link}\n\nIl est valable 7 jours. Si vous ne travaillez pas chez ` +
        `${companyName}, ignorez ce message.`,
    };
  }
  const minutes = RESET_LINK_TTL_SECONDS / 60;
  return {
    sms: `Tasbiq (${companyName}) : pour choisir un nouveau mot de passe, ouvrez ${link} (valable ${minutes} minutes).`,
    subject: 'Réinitialisation de votre mot de passe Tasbiq',
    body:
      `Bonjour ${firstName},\n\nLe service RH de ${companyName} vous envoie un lien pour choisir un ` +
      `nouveau mot de passe :\n${link}\n\nIl expire dans ${minutes} minutes. Si vous n'avez rien ` +
      `demandé, ignorez ce message et prévenez votre service RH.`,
  };
}

/**
 * Sends the link on the requested channels (a channel without an address is skipped). A failing
 * gateway does not undo what was saved: the answer says which channels carried the link, and HR
 * can send it again.
 */
export async function sendLink(
  ctx: AppContext,
  input: {
    purpose: LinkPurpose;
    token: string;
    recipient: LinkRecipient;
    companyName: string;
    channels: Channels;
  },
): Promise<Channels> {
  const link = `${ctx.config.PUBLIC_URL.replace(/\/$/, '')}/${PAGE[input.purpose]}?token=${input.token}`;
  const text = messages(input.purpose, link, input.recipient.firstName, input.companyName);
  const { phone, email } = input.recipient;
  const sent: Channels = { sms: false, email: false };
  if (input.channels.sms && phone) {
    try {
      await ctx.sms.send({ to: phone, body: text.sms });
      sent.sms = true;
    } catch {
      // Reported through `sent`; the sandbox wrote the failed attempt to the outbox.
    }
  }
  if (input.channels.email && email) {
    try {
      await ctx.email.send({ to: email, subject: text.subject, body: text.body });
      sent.email = true;
    } catch {
      // Same as SMS.
    }
  }
  return sent;
}
