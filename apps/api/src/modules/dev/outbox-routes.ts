import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { outboxMessages } from '../../db/schema/outbox.ts';
import { zIdParam, zLimit } from '../../lib/list-params.ts';

const ZOutboxMessage = z.object({
  id: z.number(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  created: z.string(),
});

/**
 * What the sandbox SMS and e-mail providers sent, newest first, so a person trying the demo or
 * a Playwright test can read an OTP or a link. Never mounted in production (see app.ts).
 */
export const devOutboxRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/dev/outbox',
    {
      config: { access: 'public' },
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
          created: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
