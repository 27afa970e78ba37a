import { randomBytes } from 'node:crypto';
import { ACTIVATION_LINK_TTL_SECONDS } from '@tasbiq/contracts/employees';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/auth.ts';
import { hashLinkToken, sendLink } from '../../lib/password-links.ts';

const BATCH = 1000;

/**
 * The activation links of freshly imported employees, 1,000 per INSERT, inside the import's
 * transaction: the same links as a single creation (employees/links.ts: purpose 'activation',
 * 7 days, SHA-256 stored). New accounts have no earlier link to expire. Returns the clear tokens by
 * user id, to be sent.
 */
export async function issueActivationLinks(
  db: DbOrTx,
  userIds: readonly number[],
  now = new Date(),
): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  const expiresAt = new Date(now.getTime() + ACTIVATION_LINK_TTL_SECONDS * 1000);
  for (let start = 0; start < userIds.length; start += BATCH) {
    const rows = userIds.slice(start, start + BATCH).map((userId) => {
      const token = randomBytes(32).toString('base64url');
      tokens.set(userId, token);
      return { purpose: 'activation', userId, tokenHash: hashLinkToken(token), expiresAt, createdAt: now };
    });
    await db.insert(passwordResetTokens).values(rows);
  }
  return tokens;
}

export type Invitee = { phone: string; firstName: string; token: string };

/** SMS sent at once; the gateway (and the sandbox's latency) is the bottleneck, not us. */
const CONCURRENCY = 4;

const inFlight = new Set<Promise<void>>();

/**
 * Sends the activation links of a bulk import by SMS after the import committed, without holding
 * the HTTP answer: 10,000 messages take minutes at a gateway's pace. A failed SMS is logged and
 * the others go on — the employee exists either way and HR can resend the link from the
 * employee's page. This runs in the API process; a job queue would survive a restart
 * (docs/decisions/012).
 */
export function queueActivationSms(
  ctx: AppContext,
  log: FastifyBaseLogger,
  companyName: string,
  invitees: readonly Invitee[],
): void {
  if (invitees.length === 0) return;
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < invitees.length) {
      const invitee = invitees[next++]!;
      const sent = await sendLink(ctx, {
        purpose: 'activation',
        token: invitee.token,
        recipient: { firstName: invitee.firstName, phone: invitee.phone, email: null },
        companyName,
        channels: { sms: true, email: false },
      });
      if (!sent.sms) {
        failed += 1;
        log.warn({ to: invitee.phone }, 'activation SMS of a bulk import failed');
      }
    }
  };
  const run = Promise.all(Array.from({ length: Math.min(CONCURRENCY, invitees.length) }, worker))
    .then(() => log.info({ sent: invitees.length - failed, failed }, 'activation SMS of a bulk import done'))
    .catch((error: unknown) => log.error({ err: error }, 'activation SMS of a bulk import stopped'));
  inFlight.add(run);
  void run.finally(() => inFlight.delete(run));
}

/** Resolves once every queued SMS was tried (tests, and the server's graceful shutdown). */
export async function settleActivationSms(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
