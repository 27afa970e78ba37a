import { ZAnnouncement } from '@tasbiq/contracts/terms';
import { paginated } from '@tasbiq/contracts/wire';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../lib/auth/access-control.ts';
import { pageSize, zLimit, zOffset } from '../../lib/list-params.ts';
import { limitOffsetPage } from '../../lib/pagination.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { listPublishedAnnouncements } from './queries.ts';

/** GET /announcements/published: what the home screen shows, newest first, limit/offset paginated. */
export const announcementRoutes: AppModule = async (app, { db }) => {
  app.get(
    '/announcements/published',
    {
      schema: {
        tags: ['general'],
        querystring: z.object({ limit: zLimit, offset: zOffset }),
        response: { 200: paginated(ZAnnouncement) },
      },
    },
    async (request) => {
      const { company } = requireSession(request);
      const limit = pageSize(request.query.limit, company?.itemsPerPage);
      const offset = request.query.offset ?? 0;
      const { count, rows } = await listPublishedAnnouncements(db, company?.id ?? null, { limit, offset });
      return limitOffsetPage(request, {
        count,
        limit,
        offset,
        results: rows.map((row) => ({
          id: row.id,
          title: row.title,
          content: row.content,
          published_at: toWireDateTime(row.publishedAt),
        })),
      });
    },
  );
};
