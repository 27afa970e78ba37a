import { and, desc, eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema/outbox.ts';
import { createTestCompany, createTestEmployee, TEST_PASSWORD } from './factories.ts';
import type { TestApp } from './test-app.ts';

/** Shared by the auth*.test.ts files: JSON calls, logins, and reading what the sandbox "sent". */
export async function post(
  t: TestApp,
  url: string,
  payload: object = {},
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

export function bearer(access: string) {
  return { authorization: `Bearer ${access}` };
}

export async function loginAs(t: TestApp, username: string, password = TEST_PASSWORD) {
  const res = await post(t, '/api/auth/token', { username, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access: string; refresh: string; otp_required: boolean };
}

export async function newEmployee(t: TestApp, overrides: Parameters<typeof createTestEmployee>[2] = {}) {
  const company = await createTestCompany(t.db);
  const { user, employee } = await createTestEmployee(t.db, company.id, overrides);
  return { company, user, employee };
}

/** '+212612345678' → '0612345678', the way people type it. */
export function localPhone(phone: string): string {
  return `0${phone.slice(4)}`;
}

export async function messagesTo(t: TestApp, recipient: string, channel?: 'sms' | 'email') {
  return t.db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.recipient, recipient), channel ? eq(outboxMessages.channel, channel) : undefined),
    )
    .orderBy(desc(outboxMessages.id));
}

/** The six-digit code of the latest message to `recipient`. */
export async function lastOtpSentTo(t: TestApp, recipient: string): Promise<string> {
  const [message] = await messagesTo(t, recipient);
  const code = message && /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no OTP sent to ${recipient}`);
  return code;
}

/** A six-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
