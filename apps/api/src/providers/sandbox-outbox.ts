import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema/outbox.ts';
import { AppError } from '../lib/errors.ts';
import type { EmailProvider } from './email/email-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

/**
 * Sandbox SMS and e-mail: what a real gateway would deliver is written to the outbox table
 * (read by GET /api/dev/outbox), after a small latency like a real call. Tests can make the
 * next sends fail to exercise the error paths.
 */
export type SandboxControl = { failNext(count?: number): void; latencyMs: number };

function createOutboxWriter(db: Db, channel: 'sms' | 'email', latencyMs: number) {
  let failures = 0;
  const control: SandboxControl = {
    failNext(count = 1) {
      failures += count;
    },
    latencyMs,
  };
  async function write(to: string, subject: string | null, body: string) {
    if (control.latencyMs > 0) await sleep(control.latencyMs);
    if (failures > 0) {
      failures -= 1;
      await db.insert(outboxMessages).values({ channel, recipient: to, subject, body, status: 'failed' });
      throw new AppError('UNKNOWN_ERROR', {
        status: 502,
        detail:
          channel === 'sms'
            ? "L'envoi du SMS a échoué, veuillez réessayer."
            : "L'envoi de l'e-mail a échoué, veuillez réessayer.",
      });
    }
    const [row] = await db
      .insert(outboxMessages)
      .values({ channel, recipient: to, subject, body })
      .returning({ id: outboxMessages.id });
    return { id: `${channel}-${row!.id}` };
  }
  return { control, write };
}

export function createSandboxSms(db: Db, latencyMs = 0): SmsProvider & { sandbox: SandboxControl } {
  const writer = createOutboxWriter(db, 'sms', latencyMs);
  return { sandbox: writer.control, send: ({ to, body }) => writer.write(to, null, body) };
}

export function createSandboxEmail(db: Db, latencyMs = 0): EmailProvider & { sandbox: SandboxControl } {
  const writer = createOutboxWriter(db, 'email', latencyMs);
  return { sandbox: writer.control, send: ({ to, subject, body }) => writer.write(to, subject, body) };
}
