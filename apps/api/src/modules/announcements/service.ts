import type { DbOrTx } from '../../db/client.ts';
import { announcements } from '../../db/schema/content.ts';
import type { AnnouncementRow } from './queries.ts';

/** `companyId: null` addresses every company on the platform. */
export async function createAnnouncement(
  db: DbOrTx,
  input: {
    companyId: number | null;
    title: string;
    content: string;
    isPublished?: boolean;
    publishedAt?: Date;
  },
): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(input).returning();
  return row!;
}
