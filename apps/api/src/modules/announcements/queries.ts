import { and, count, desc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { announcements } from '../../db/schema/content.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;

/**
 * What a reader of `companyId` may see: published, platform-wide or addressed to that company,
 * and already due (`published_at` in the future schedules an announcement). A caller without a
 * company (null) sees the platform-wide ones only.
 */
function visibleTo(companyId: number | null): SQL {
  return and(
    eq(announcements.isPublished, true),
    lte(announcements.publishedAt, sql`now()`),
    companyId === null
      ? isNull(announcements.companyId)
      : or(isNull(announcements.companyId), eq(announcements.companyId, companyId)),
  )!;
}

export async function listPublishedAnnouncements(
  db: DbOrTx,
  companyId: number | null,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AnnouncementRow[] }> {
  const where = visibleTo(companyId);
  const [total, rows] = await Promise.all([
    db.select({ value: count() }).from(announcements).where(where),
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { count: Number(total[0]?.value ?? 0), rows };
}
