/**
 * CIN images are kept only as long as they serve (law 09-08; decision 033): deleted when an order
 * is refused (order-service.ts), and CIN_IMAGE_RETENTION_DAYS after the card became active. The
 * order keeps what the check read (the identity the card was issued to), not the pictures.
 */
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppModule } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/cards.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { deleteCinImages } from './order-service.ts';

export const CIN_RETENTION_JOB = 'card.cin-retention';

/** Deletes the images of cards active for `retentionDays` as of `now`; returns how many orders. */
export async function deleteExpiredCinImages(
  db: Db,
  storage: FileStorage,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  const due = await db
    .select({ order: cardOrders })
    .from(cardOrders)
    .innerJoin(prepaidCards, eq(prepaidCards.id, cardOrders.cardId))
    .where(
      and(
        isNotNull(cardOrders.cinFrontKey),
        isNotNull(prepaidCards.activatedAt),
        lt(prepaidCards.activatedAt, before),
      ),
    )
    .limit(500);
  for (const { order } of due) await deleteCinImages(db, storage, order);
  return due.length;
}

export const cinRetentionJobs: AppModule = async (_app, ctx) => {
  await ctx.jobs.every(CIN_RETENTION_JOB, ctx.config.CIN_RETENTION_SWEEP_SECONDS, async () => {
    await deleteExpiredCinImages(ctx.db, ctx.storage, new Date(), ctx.config.CIN_IMAGE_RETENTION_DAYS);
  });
};
