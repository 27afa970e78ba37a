import { isIP } from 'node:net';
import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { sandboxIssuedCards } from '../../db/schema/cards.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { AppError } from '../../lib/errors.ts';
import { zIdParam, zLimit } from '../../lib/list-params.ts';
import { objectIdOrNotFound, ZObjectIdParams } from '../../lib/path-id.ts';
import { toWireDateTime } from '../../lib/time.ts';

const ZOutboxMessage = z.object({
  id: z.number(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  created: z.string(),
});

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[|\]$/g, '').replace(/^::ffff:/i, '');
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

/** The addresses a proxy says it forwarded for (X-Forwarded-For, X-Real-IP, Forwarded `for=`). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const addresses = `${header('x-forwarded-for')},${header('x-real-ip')}`.split(',');
  for (const match of header('forwarded').matchAll(/for=("?)\[?([^\]";,]+)\]?\1/gi))
    addresses.push(match[2]!);
  return addresses.map((a) => a.trim()).filter((a) => a !== '');
}

/**
 * Only a caller on this machine reads the outbox (it holds OTP codes and password links): the
 * socket's address must be loopback — not `request.ip`, which TRUST_PROXY_HOPS lets a header
 * choose — and a proxy on this machine (whose connections are all loopback) must forward for a
 * loopback client too.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) && forwardedAddresses(request).every(isLoopbackAddress)
  );
}

/**
 * The `onRequest` hook of every dev route: 403 permission_denied, with `detail`, to anyone but a
 * caller on this machine.
 */
export function localCallersOnly(detail: string) {
  return async (request: FastifyRequest) => {
    if (!isLocalCaller(request)) throw new AppError('permission_denied', { status: 403, detail });
  };
}

const OUTBOX_REFUSED = 'La boîte d’envoi de test ne répond qu’aux appels de cette machine.';

/**
 * What the sandbox SMS and e-mail providers sent, newest first, so a person trying the demo or
 * a Playwright test can read an OTP or a link. Never mounted in production (see app.ts), and
 * answered only to callers on this machine (403 permission_denied otherwise).
 */
export const devOutboxRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      config: { access: 'public' },
      onRequest: localCallersOnly(OUTBOX_REFUSED),
      schema: {
        tags: ['dev'],
        querystring: z.object({
          recipient: z.string().optional(),
          channel: z.enum(['sms', 'email']).optional(),
          after_id: zIdParam,
          limit: zLimit,
        }),
        response: { 200: z.object({ results: z.array(ZOutboxMessage) }) },
      },
    },
    async (request) => {
      const { recipient, channel, after_id: afterId, limit } = request.query;
      const conditions: SQL[] = [];
      if (recipient)
        conditions.push(
          eq(
            outboxMessages.recipient,
            recipient.trim().toLowerCase().startsWith('0') ? recipient : recipient.trim().toLowerCase(),
          ),
        );
      if (channel) conditions.push(eq(outboxMessages.channel, channel));
      if (afterId) conditions.push(gt(outboxMessages.id, afterId));
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(limit ?? 50);
      return {
        results: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          subject: r.subject,
          body: r.body,
          status: r.status,
          created: toWireDateTime(r.createdAt),
        })),
      };
    },
  );

  /**
   * The number printed on a sandbox card (the courier hands it over; a person reads it off the
   * plastic), so a Playwright journey can confirm receipt. Same guard as the outbox.
   */
  app.get(
    '/dev/sandbox_cards/:id',
    {
      config: { access: 'public' },
      onRequest: localCallersOnly(OUTBOX_REFUSED),
      schema: {
        tags: ['dev'],
        params: ZObjectIdParams,
        response: { 200: z.object({ card_number: z.string().nullable(), stage: z.string().nullable() }) },
      },
    },
    async (request) => {
      const cardId = objectIdOrNotFound(request.params.id);
      const [row] = await db
        .select({ cardNumber: sandboxIssuedCards.cardNumber, stage: sandboxIssuedCards.stage })
        .from(sandboxIssuedCards)
        .where(eq(sandboxIssuedCards.cardId, cardId))
        .orderBy(desc(sandboxIssuedCards.createdAt))
        .limit(1);
      return { card_number: row?.cardNumber ?? null, stage: row?.stage ?? null };
    },
  );
};
