import type { TBulkSendResponse, TParseContactsResponse } from '@tasbiq/contracts/signup';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { signupInvitations } from '../../db/schema/people.ts';
import type { CompanyRow } from '../../lib/auth/session.ts';
import { type ParsedContacts, parseEmails, parsePhones } from './contact-parsing.ts';
import { openSignupLinkOf } from './signup-link.ts';

export type InvitationChannel = 'email' | 'sms';

/** How many messages are handed to the provider at once (each call waits on a gateway). */
const SEND_CONCURRENCY = 10;
/** Lookups of existing logins are batched so a 1000-address paste is a few queries. */
const LOOKUP_BATCH = 500;

/** Which of these (normalised) addresses already are somebody's login, platform-wide. */
async function registeredAmong(
  db: DbOrTx,
  channel: InvitationChannel,
  values: string[],
): Promise<Set<string>> {
  const column = channel === 'email' ? users.email : users.phone;
  const found = new Set<string>();
  for (let i = 0; i < values.length; i += LOOKUP_BATCH) {
    const batch = values.slice(i, i + LOOKUP_BATCH);
    const rows = await db.select({ value: column }).from(users).where(inArray(column, batch));
    for (const row of rows) if (row.value) found.add(row.value);
  }
  return found;
}

async function withRegistered(
  db: DbOrTx,
  channel: InvitationChannel,
  parsed: ParsedContacts,
): Promise<TParseContactsResponse> {
  const registered = await registeredAmong(db, channel, parsed.valid);
  return {
    valid: parsed.valid.filter((value) => !registered.has(value)),
    invalid: parsed.invalid,
    duplicates: parsed.duplicates,
    already_registered: parsed.valid.filter((value) => registered.has(value)),
  };
}

/** POST /company/signup_invitation/parse_emails/ and parse_phones/: nothing is written. */
export function parseInvitationText(
  db: DbOrTx,
  channel: InvitationChannel,
  text: string,
): Promise<TParseContactsResponse> {
  return withRegistered(db, channel, channel === 'email' ? parseEmails(text) : parsePhones(text));
}

function messageOf(channel: InvitationChannel, companyName: string, link: string) {
  if (channel === 'sms') {
    return { body: `${companyName} vous invite sur Tasbiq. Créez votre compte : ${link}` };
  }
  return {
    subject: `${companyName} vous invite sur Tasbiq`,
    body:
      `Bonjour,\n\n${companyName} vous invite à créer votre compte Tasbiq pour accéder à vos ` +
      `services salariés (avance sur salaire, fiches de paie…).\n\nCréez votre compte ici :\n${link}\n\n` +
      `Vous aurez besoin de votre matricule, de votre date de naissance et de votre téléphone.`,
  };
}

/**
 * Runs `task` over `items`, at most `limit` at a time; answers which ones succeeded and hands each
 * failure to `onError` (counted for the caller, logged for us).
 */
async function settleAll<T>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
  onError: (item: T, error: unknown) => void,
) {
  const succeeded: T[] = [];
  let failed = 0;
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
        succeeded.push(item);
      } catch (error) {
        failed += 1;
        onError(item, error);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return { succeeded, failed };
}

/**
 * POST /company/signup_invitation/bulk_send_signup_email/ and bulk_send_signup_sms/: the
 * addresses were validated by the contract; repeated ones and those that already log in are
 * skipped (checked again: the list may be older than the parse). Each message that left is
 * logged in signup_invitations; a failure at the gateway is counted, not fatal.
 */
export async function sendSignupInvitations(
  ctx: AppContext,
  company: CompanyRow,
  sentBy: number,
  channel: InvitationChannel,
  recipients: string[],
  log: { warn(obj: unknown, msg?: string): void },
): Promise<TBulkSendResponse> {
  const link = openSignupLinkOf(ctx.config, company);
  const unique = [...new Set(recipients)];
  const registered = await registeredAmong(ctx.db, channel, unique);
  const targets = unique.filter((value) => !registered.has(value));
  const message = messageOf(channel, company.name, link);

  const { succeeded, failed } = await settleAll(
    targets,
    SEND_CONCURRENCY,
    (to) =>
      channel === 'sms'
        ? ctx.sms.send({ to, body: message.body })
        : ctx.email.send({ to, subject: message.subject ?? '', body: message.body }),
    (to, error) => log.warn({ err: error, companyId: company.id, channel, to }, 'signup invitation not sent'),
  );
  if (succeeded.length > 0) {
    await ctx.db
      .insert(signupInvitations)
      .values(succeeded.map((recipient) => ({ companyId: company.id, channel, recipient, sentBy })));
  }
  return { sent: succeeded.length, failed, skipped: recipients.length - targets.length };
}
