import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';

export const healthRoutes: AppModule = async (app, { db, database }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['general'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pg', 'pglite']) }) },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: database.driver };
    },
  );
};
