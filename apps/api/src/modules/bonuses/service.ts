/**
 * Writing bonuses (issue 13; decision 036): create, edit while pending, unsave, and the
 * employee's "seen". The reply (four eyes, payment) is in reply-service.ts, the occurrences of
 * recurrent bonuses in recurrence.ts.
 */
import type { TBonus } from '@tasbiq/contracts/bonuses';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bonuses, bonusPayments } from '../../db/schema/bonuses.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { casablancaDate } from '../../lib/time.ts';
import { type BonusLine, type BonusWriteBody, resolveBeneficiaries } from './beneficiaries.ts';
import { findBonusRow, paymentCountsOf } from './queries.ts';
import { dayOfMonth, nextOccurrenceDay } from './recurrence-dates.ts';
import { serializeBonus } from './serialize.ts';

export type BonusCaller = { userId: number; companyId: number; employeeId: number | null };

const INSERT_CHUNK = 2000;

/** Inserts the beneficiaries in chunks (a 5000-line bonus stays well under PostgreSQL's parameter limit). */
export async function insertPayments(
  tx: DbOrTx,
  companyId: number,
  bonusId: number,
  lines: readonly BonusLine[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
    await tx.insert(bonusPayments).values(
      lines.slice(i, i + INSERT_CHUNK).map((line) => ({
        companyId,
        bonusId,
        employeeId: line.employeeId,
        amountCentimes: line.amountCentimes,
      })),
    );
  }
}

/** The bonus as the API answers it (after the write, in the same transaction). */
export async function loadBonus(db: DbOrTx, companyId: number, bonusId: number): Promise<TBonus> {
  const row = await findBonusRow(db, companyId, bonusId);
  if (!row) throw notFound();
  const counts = await paymentCountsOf(db, [bonusId]);
  return serializeBonus(row, counts.get(bonusId)!);
}

/** POST /bonuses/: one transaction, the bonus and its beneficiaries (pending, to be replied to). */
export async function createBonus(
  db: Db,
  caller: BonusCaller,
  body: BonusWriteBody,
  now: Date = new Date(),
): Promise<TBonus> {
  return db.transaction(async (tx) => {
    const resolved = await resolveBeneficiaries(tx, caller.companyId, body);
    const today = casablancaDate(now);
    const anchorDay = dayOfMonth(today);
    const [bonus] = await tx
      .insert(bonuses)
      .values({
        companyId: caller.companyId,
        title: body.title,
        customTitle: resolved.customTitle,
        comment: body.comment?.trim() ?? '',
        type: body.type,
        target: resolved.target,
        groupId: resolved.groupId,
        amountCentimes: resolved.amountCentimes,
        recurrenceType: body.recurrence_type ?? 'non_recurrent',
        isSaved: body.is_saved ?? false,
        anchorDay,
        nextOccurrenceOn: nextOccurrenceDay(today, body.recurrence_type ?? 'non_recurrent', anchorDay),
        occurrenceOn: today,
        totalCentimes: resolved.totalCentimes,
        beneficiariesCount: resolved.lines.length,
        createdBy: caller.userId,
        updatedBy: caller.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await insertPayments(tx, caller.companyId, bonus!.id, resolved.lines);
    return loadBonus(tx, caller.companyId, bonus!.id);
  });
}

/** Locks one bonus of the company (404 otherwise) and refuses it unless pending. */
async function lockPendingBonus(tx: DbOrTx, companyId: number, bonusId: number) {
  const [bonus] = await tx
    .select()
    .from(bonuses)
    .where(and(eq(bonuses.companyId, companyId), eq(bonuses.id, bonusId)))
    .for('update');
  if (!bonus) throw notFound();
  if (bonus.status !== 'pending') throw new AppError('BONUS_NOT_PENDING', { status: 400 });
  return bonus;
}

/**
 * PUT /bonuses/{id}/: replaces a pending bonus's content and beneficiaries (BONUS_NOT_PENDING
 * once replied to). The editor becomes `updated_by`: they may not reply to it either. An
 * occurrence keeps its series' recurrence (it does not start a series of its own).
 */
export async function updateBonus(
  db: Db,
  caller: BonusCaller,
  bonusId: number,
  body: BonusWriteBody,
  now: Date = new Date(),
): Promise<TBonus> {
  return db.transaction(async (tx) => {
    const current = await lockPendingBonus(tx, caller.companyId, bonusId);
    const resolved = await resolveBeneficiaries(tx, caller.companyId, body);
    const isOccurrence = current.sourceId !== null;
    const recurrence = isOccurrence ? current.recurrenceType : (body.recurrence_type ?? 'non_recurrent');
    const anchorDay = current.anchorDay ?? dayOfMonth(casablancaDate(current.createdAt));
    const firstDay = current.occurrenceOn ?? casablancaDate(current.createdAt);
    const keepsSeries = recurrence === current.recurrenceType && current.nextOccurrenceOn !== null;
    await tx
      .update(bonuses)
      .set({
        title: body.title,
        customTitle: resolved.customTitle,
        comment: body.comment?.trim() ?? '',
        type: body.type,
        target: resolved.target,
        groupId: resolved.groupId,
        amountCentimes: resolved.amountCentimes,
        recurrenceType: recurrence,
        isSaved: body.is_saved ?? false,
        nextOccurrenceOn: isOccurrence
          ? null
          : keepsSeries
            ? current.nextOccurrenceOn
            : nextOccurrenceDay(firstDay, recurrence, anchorDay),
        totalCentimes: resolved.totalCentimes,
        beneficiariesCount: resolved.lines.length,
        updatedBy: caller.userId,
        updatedAt: now,
      })
      .where(eq(bonuses.id, bonusId));
    await tx.delete(bonusPayments).where(eq(bonusPayments.bonusId, bonusId));
    await insertPayments(tx, caller.companyId, bonusId, resolved.lines);
    return loadBonus(tx, caller.companyId, bonusId);
  });
}

/**
 * POST /bonuses/{id}/unsave/: no longer a model, and its recurrence stops (issue 13). Called on
 * an occurrence, it stops the series it belongs to. Any status; unsaving twice changes nothing.
 */
export async function unsaveBonus(db: Db, caller: BonusCaller, bonusId: number): Promise<TBonus> {
  return db.transaction(async (tx) => {
    const [bonus] = await tx
      .select({ id: bonuses.id, sourceId: bonuses.sourceId })
      .from(bonuses)
      .where(and(eq(bonuses.companyId, caller.companyId), eq(bonuses.id, bonusId)));
    if (!bonus) throw notFound();
    const ids = bonus.sourceId === null ? [bonus.id] : [bonus.id, bonus.sourceId];
    await tx
      .update(bonuses)
      .set({ isSaved: false, nextOccurrenceOn: null, updatedAt: sql`now()` })
      .where(and(eq(bonuses.companyId, caller.companyId), inArray(bonuses.id, ids)));
    return loadBonus(tx, caller.companyId, bonusId);
  });
}

/** POST /bonuses/transactions/{id}/seen/: only the employee's own (404 otherwise). */
export async function markBonusPaymentSeen(
  db: DbOrTx,
  caller: { companyId: number; employeeId: number },
  paymentId: number,
): Promise<number> {
  const [row] = await db
    .update(bonusPayments)
    .set({ isSeen: true })
    .where(
      and(
        eq(bonusPayments.id, paymentId),
        eq(bonusPayments.companyId, caller.companyId),
        eq(bonusPayments.employeeId, caller.employeeId),
        or(
          eq(bonusPayments.status, 'confirmed'),
          eq(bonusPayments.status, 'processing'),
          eq(bonusPayments.status, 'executed'),
          eq(bonusPayments.status, 'failed'),
        ),
      ),
    )
    .returning({ id: bonusPayments.id });
  if (!row) throw notFound();
  return row.id;
}
