import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { contactChangeProposals } from '../../db/schema/audit.ts';
import { endAllSessions } from '../../lib/auth/login-sessions.ts';
import { fieldError } from '../../lib/errors.ts';
import { isUniqueViolation } from './auth-errors.ts';
import { consumeOtp, issueOtp, maskPhone, otpMessage } from './otp-service.ts';
import { isLoginNameTaken } from './queries.ts';

/**
 * Changing the phone or the e-mail (both are login names): a code goes to the NEW address, the
 * client gets an opaque flow token, and the change happens only when token and code come back.
 * The person is logged in (their password, their confirmed phone) and proves the new address: this
 * is also how they confirm a contact HR gave them (a proposal, below; decision 025).
 */
export type ContactKind = 'phone' | 'email';

const FLOWS = {
  phone: { purpose: 'change_phone', existsCode: 'PHONE_EXISTS', sameCode: 'SAME_PHONE' },
  email: { purpose: 'change_email', existsCode: 'EMAIL_EXISTS', sameCode: 'SAME_EMAIL' },
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

/**
 * POST /auth/change_phone and /auth/change_email: `value` is already normalised by the contract
 * (a phone is a mobile: the code goes by SMS). The account's own phone or address is refused,
 * SAME_PHONE / SAME_EMAIL: no code is sent for a change that changes nothing.
 * An e-mail address another account uses is answered like a free one (the code is sent to it):
 * refusing it here told anyone whether an address has an account (issue 8 §5). The validation
 * settles it with EMAIL_EXISTS, once the code proves the address is the caller's.
 */
export async function requestContactChange(
  ctx: AppContext,
  kind: ContactKind,
  user: { id: number; phone: string | null; email: string | null },
  value: string,
): Promise<{ token: string }> {
  const userId = user.id;
  const current = kind === 'phone' ? user.phone : user.email?.toLowerCase();
  if (current === value) throw fieldError(kind, FLOWS[kind].sameCode);
  if (kind === 'phone') await assertFree(ctx, kind, value, userId);
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
 * An address another account has (an e-mail taken from the start, or either taken meanwhile) is
 * refused on its field, PHONE_EXISTS / EMAIL_EXISTS, by the re-check or the unique index; the code
 * stays unused.
 * A new login name ends the account's other sessions (decision 026); `keepSessionId`, the
 * caller's, goes on.
 */
export async function validateContactChange(
  ctx: AppContext,
  kind: ContactKind,
  userId: number,
  input: { token: string; otp: string },
  keepSessionId: string,
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
        await endAllSessions(tx, userId, { reason: 'contact_change', exceptSessionId: keepSessionId });
        await closeContactProposals(tx, userId, kind, row.target);
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(kind, flow.existsCode);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Contacts given by HR (decision 025)

/**
 * HR gave a new phone or e-mail for someone who has a password: it is recorded as a proposal, not
 * applied. The login names (and so every code and reset link) stay the confirmed ones until the
 * person, logged in, confirms the new one with a code sent to it (requestContactChange /
 * validateContactChange, which close the proposal). A newer proposal replaces a pending one.
 */
export async function proposeContactChange(
  tx: DbOrTx,
  input: {
    companyId: number;
    userId: number;
    kind: ContactKind;
    value: string;
    proposedBy: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(contactChangeProposals)
    .set({ status: 'replaced', closedAt: input.at })
    .where(
      and(
        eq(contactChangeProposals.userId, input.userId),
        eq(contactChangeProposals.kind, input.kind),
        eq(contactChangeProposals.status, 'pending'),
      ),
    );
  await tx.insert(contactChangeProposals).values({
    companyId: input.companyId,
    userId: input.userId,
    kind: input.kind,
    newValue: input.value,
    proposedBy: input.proposedBy,
    createdAt: input.at,
  });
}

/** The person confirmed `value` for `kind`: a pending proposal of it is confirmed, any other replaced. */
async function closeContactProposals(tx: DbOrTx, userId: number, kind: ContactKind, value: string) {
  await tx
    .update(contactChangeProposals)
    .set({
      status: sql`case when ${contactChangeProposals.newValue} = ${value} then 'confirmed' else 'replaced' end`,
      closedAt: new Date(),
    })
    .where(
      and(
        eq(contactChangeProposals.userId, userId),
        eq(contactChangeProposals.kind, kind),
        eq(contactChangeProposals.status, 'pending'),
      ),
    );
}

const proposer = alias(users, 'proposer');

/** The pending proposals of an account, oldest first, with who made them. */
export async function pendingContactProposals(db: DbOrTx, userId: number) {
  return db
    .select({
      kind: contactChangeProposals.kind,
      newValue: contactChangeProposals.newValue,
      proposedBy: contactChangeProposals.proposedBy,
      proposerFirstName: proposer.firstName,
      proposerLastName: proposer.lastName,
      createdAt: contactChangeProposals.createdAt,
    })
    .from(contactChangeProposals)
    .innerJoin(proposer, eq(proposer.id, contactChangeProposals.proposedBy))
    .where(and(eq(contactChangeProposals.userId, userId), eq(contactChangeProposals.status, 'pending')))
    .orderBy(asc(contactChangeProposals.createdAt), asc(contactChangeProposals.id));
}

/** 'nadia.alaoui@atlas.ma' → 'n•••@atlas.ma': enough to recognise, not enough to copy. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

export const maskContact = (kind: ContactKind, value: string) =>
  kind === 'phone' ? maskPhone(value) : maskEmail(value);

/**
 * What HR's change of a contact says, in French: to the old phone and address ("your number is
 * being / was replaced by …; if you did not ask, tell your DRH") and, for a proposal, to the new
 * one ("log in with your current credentials and confirm it"). Sent after the change is saved; a
 * failing gateway does not undo it.
 */
export async function announceContactChange(
  ctx: AppContext,
  input: {
    kind: ContactKind;
    /** The new value, or null when HR removed the e-mail address. */
    value: string | null;
    applied: boolean;
    companyName: string;
    firstName: string;
    old: { phone: string | null; email: string | null };
  },
): Promise<void> {
  const what = input.kind === 'phone' ? 'le numéro de téléphone' : "l'adresse e-mail";
  const next = input.value === null ? null : maskContact(input.kind, input.value);
  const change =
    next === null
      ? `a supprimé ${what} de votre compte Tasbiq`
      : input.applied
        ? `a remplacé ${what} de votre compte Tasbiq par ${next}`
        : `a demandé à remplacer ${what} de votre compte Tasbiq par ${next}. Rien ne change tant que vous ne l'avez pas confirmé vous-même dans Mon profil`;
  const sentence = `Le service RH de ${input.companyName} ${change}. Si vous n'êtes pas au courant, contactez votre DRH.`;
  const sends: Array<Promise<unknown>> = [];
  if (input.old.phone) sends.push(ctx.sms.send({ to: input.old.phone, body: `Tasbiq : ${sentence}` }));
  if (input.old.email)
    sends.push(
      ctx.email.send({
        to: input.old.email,
        subject: 'Modification de vos coordonnées Tasbiq',
        body: `Bonjour ${input.firstName},\n\n${sentence}\n\nL'équipe Tasbiq`,
      }),
    );
  if (!input.applied && input.value !== null) {
    const [it, this_] = input.kind === 'phone' ? ['le', 'ce numéro'] : ['la', 'cette adresse'];
    const invite =
      `${input.companyName} a indiqué ${this_} pour le compte Tasbiq de ${input.firstName}. Pour ` +
      `l'utiliser, connectez-vous avec vos identifiants actuels et confirmez-${it} dans Mon profil ` +
      'avec le code qui vous sera envoyé.';
    sends.push(
      input.kind === 'phone'
        ? ctx.sms.send({ to: input.value, body: `Tasbiq : ${invite}` })
        : ctx.email.send({ to: input.value, subject: 'Confirmez votre adresse e-mail Tasbiq', body: invite }),
    );
  }
  // Each message stands alone: one failing gateway does not stop the others (the sandbox keeps
  // the failed attempt in its outbox).
  await Promise.allSettled(sends);
}
