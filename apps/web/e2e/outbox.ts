import type { APIRequestContext } from '@playwright/test';

type OutboxMessage = { id: number; channel: string; recipient: string; subject: string | null; body: string };

/** Reads what the sandbox SMS/e-mail provider "sent", newest first (GET /api/dev/outbox). */
export async function latestMessage(
  request: APIRequestContext,
  filter: { recipient?: string; channel?: 'sms' | 'email'; afterId?: number },
): Promise<OutboxMessage | undefined> {
  const params = new URLSearchParams({ limit: '1' });
  if (filter.recipient) params.set('recipient', filter.recipient);
  if (filter.channel) params.set('channel', filter.channel);
  if (filter.afterId) params.set('after_id', String(filter.afterId));
  const res = await request.get(`/api/dev/outbox?${params}`);
  const body = (await res.json()) as { results: OutboxMessage[] };
  return body.results[0];
}

/** Waits until a message newer than `afterId` arrives and returns it. */
export async function waitForMessage(
  request: APIRequestContext,
  filter: { recipient?: string; channel?: 'sms' | 'email'; afterId?: number },
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const message = await latestMessage(request, filter);
    if (message) return message;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No outbox message for ${JSON.stringify(filter)}`);
}

export async function lastOutboxId(request: APIRequestContext): Promise<number> {
  return (await latestMessage(request, {}))?.id ?? 0;
}

export function otpIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`No 6-digit code in: ${body}`);
  return match[1]!;
}

export function linkIn(body: string): string {
  const match = /(https?:\/\/\S+)/.exec(body);
  if (!match) throw new Error(`No link in: ${body}`);
  return match[1]!.replace(/[.,)]+$/, '');
}
