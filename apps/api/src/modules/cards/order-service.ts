/**
 * A card order (spec §2 Card order, §5; issue 11): recorded `checking` with its CIN images, then
 * the check (check-job.ts) accepts it — a prepaid card is created `ordered` and sent to the
 * issuer — or refuses it with the spec's code, and the images of a refused order are deleted at
 * once (decision 033). One order under check and one live card per employee: checked under the
 * employee's row lock, and held by two partial unique indexes under any race.
 */
import type { TCinCheckErrorCode, TCinCheckStep, TCinReading } from '@tasbiq/contracts/cards';
import { CARD_HELD_STATUSES, CARD_IN_PROGRESS_STATUSES } from '@tasbiq/contracts/cards';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/cards.ts';
import { prepaidCards } from '../../db/schema/money.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { lockEmployee } from '../spending/state.ts';
import type { CardOrderRow, CardRow } from './queries.ts';

export type NewCardOrder = {
  companyId: number;
  employeeId: number;
  cityId: number;
  address: string;
  area: string;
  zip: string;
  phone: string;
  cinFrontKey: string;
  cinBackKey: string;
  onboardingTokenId?: number | null;
};

/** EMPLOYEE_HAS_CARD / EMPLOYEE_HAS_CARD_ORDER, read under the employee's lock. */
export async function refuseSecondOrder(tx: DbOrTx, companyId: number, employeeId: number): Promise<void> {
  const [live] = await tx
    .select({ status: prepaidCards.status })
    .from(prepaidCards)
    .where(
      and(
        eq(prepaidCards.companyId, companyId),
        eq(prepaidCards.employeeId, employeeId),
        ne(prepaidCards.status, 'canceled'),
      ),
    )
    .limit(1);
  if (live && (CARD_HELD_STATUSES as readonly string[]).includes(live.status))
    throw new AppError('EMPLOYEE_HAS_CARD');
  if (live && (CARD_IN_PROGRESS_STATUSES as readonly string[]).includes(live.status))
    throw new AppError('EMPLOYEE_HAS_CARD_ORDER');
  const [checking] = await tx
    .select({ id: cardOrders.id })
    .from(cardOrders)
    .where(
      and(
        eq(cardOrders.companyId, companyId),
        eq(cardOrders.employeeId, employeeId),
        eq(cardOrders.status, 'checking'),
      ),
    )
    .limit(1);
  if (checking) throw new AppError('EMPLOYEE_HAS_CARD_ORDER');
}

/** Records the order under check. The caller stored the images first (and deletes them if this throws). */
export async function createCardOrder(
  db: DbOrTx,
  input: NewCardOrder,
  /** Runs in the same transaction first (the onboarding link is used up with the order). */
  alsoInTransaction?: (tx: DbOrTx) => Promise<void>,
): Promise<CardOrderRow> {
  return db.transaction(async (tx) => {
    if (alsoInTransaction) await alsoInTransaction(tx);
    await lockEmployee(tx, input.employeeId);
    await refuseSecondOrder(tx, input.companyId, input.employeeId);
    const [row] = await tx
      .insert(cardOrders)
      .values({ ...input, status: 'checking', step: 'queued', progress: 0 })
      .returning();
    return row!;
  });
}

/** Progress of the check, for the screen that polls (a lost write only delays the bar). */
export async function recordCheckProgress(
  db: DbOrTx,
  orderId: number,
  step: TCinCheckStep,
  progress: number,
): Promise<void> {
  await db
    .update(cardOrders)
    .set({ step, progress })
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.status, 'checking')));
}

/**
 * The check passed: the order is accepted and its card created `ordered`, in one transaction.
 * Null when the order was no longer under check (a duplicate job).
 */
export async function acceptCardOrder(
  db: DbOrTx,
  orderId: number,
  reading: TCinReading,
): Promise<{ order: CardOrderRow; card: CardRow } | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(cardOrders)
      .where(and(eq(cardOrders.id, orderId), eq(cardOrders.status, 'checking')))
      .for('update');
    if (!order) return null;
    const [card] = await tx
      .insert(prepaidCards)
      .values({ companyId: order.companyId, employeeId: order.employeeId, status: 'ordered' })
      .returning();
    const [accepted] = await tx
      .update(cardOrders)
      .set({
        status: 'accepted',
        step: 'done',
        progress: 1,
        reading,
        cardId: card!.id,
        checkedAt: sql`now()`,
      })
      .where(eq(cardOrders.id, orderId))
      .returning();
    return { order: accepted!, card: card! };
  });
}

/**
 * The check failed: the order is refused with the spec's code and the reader's hint, and its CIN
 * images are deleted now (nothing was ordered with them: keeping them has no purpose).
 */
export async function refuseCardOrder(
  db: DbOrTx,
  storage: FileStorage,
  orderId: number,
  code: TCinCheckErrorCode,
  hint: string | null,
): Promise<CardOrderRow | null> {
  const [refused] = await db
    .update(cardOrders)
    .set({
      status: 'refused',
      step: 'done',
      progress: 1,
      errorCode: code,
      hint,
      checkedAt: sql`now()`,
    })
    .where(and(eq(cardOrders.id, orderId), eq(cardOrders.status, 'checking')))
    .returning();
  if (!refused) return null;
  await deleteCinImages(db, storage, refused);
  return refused;
}

/** Deletes an order's CIN images from storage, then forgets their keys. */
export async function deleteCinImages(db: DbOrTx, storage: FileStorage, order: CardOrderRow): Promise<void> {
  for (const key of [order.cinFrontKey, order.cinBackKey]) if (key) await storage.delete(key);
  await db
    .update(cardOrders)
    .set({ cinFrontKey: null, cinBackKey: null, cinImagesDeletedAt: sql`now()` })
    .where(eq(cardOrders.id, order.id));
}
