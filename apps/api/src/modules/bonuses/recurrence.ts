/**
 * Occurrences of recurrent bonuses (issue 13; decision 037). A monthly or yearly bonus keeps the
 * Casablanca day of its next occurrence (`next_occurrence_on`). The scheduled job (every
 * BONUS_RECURRENCE_INTERVAL_SECONDS, queued once across processes) creates, for each series due
 * today in Casablanca, a new PENDING bonus (to approve again) with the same title, comment, type
 * and amounts:
 *
 * - "once" holds across processes and restarts: the series' day moves forward by a conditional
 *   update (`where next_occurrence_on = <the day read>`), so of two processes only one wins, and
 *   the occurrence is unique on (source, day) besides;
 * - collective bonuses for all or a group take the employees active on that day (a new hire gets
 *   the next basket); a selection or individual amounts take the series' own beneficiaries that
 *   are still active;
 * - a day missed while no process ran is created late, one occurrence per missed day.
 */

import { BONUS_CAP } from '@tasbiq/contracts/constants';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonuses, bonusPayments } from '../../db/schema/bonuses.ts';
import { employees } from '../../db/schema/employees.ts';
import { casablancaDate } from '../../lib/time.ts';
import type { BonusLine } from './beneficiaries.ts';
import { activeEmployeeIds, type BonusRecord } from './queries.ts';
import { nextOccurrenceDay } from './recurrence-dates.ts';
import { insertPayments } from './service.ts';

const BATCH = 100;

async function linesOf(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  source: BonusRecord,
): Promise<BonusLine[]> {
  if (source.type === 'collective' && (source.target === 'all' || source.target === 'group')) {
    // A series whose group was deleted has no one left to pay.
    if (source.target === 'group' && source.groupId === null) return [];
    const ids = await activeEmployeeIds(tx, source.companyId, source.groupId ?? undefined);
    return ids.map((employeeId) => ({ employeeId, amountCentimes: source.amountCentimes! }));
  }
  const rows = await tx
    .select({ employeeId: bonusPayments.employeeId, amountCentimes: bonusPayments.amountCentimes })
    .from(bonusPayments)
    .innerJoin(employees, eq(employees.id, bonusPayments.employeeId))
    .where(and(eq(bonusPayments.bonusId, source.id), eq(employees.isActive, true)))
    .orderBy(asc(bonusPayments.id));
  return rows;
}

/**
 * Creates the occurrence of one series due on `day`, if this call wins the day. Returns the new
 * bonus id, or null (another process won, the series stopped, or nobody is left to pay).
 */
export async function createOccurrence(
  db: Db,
  sourceId: number,
  day: string,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(bonuses).where(eq(bonuses.id, sourceId));
    if (!source || source.nextOccurrenceOn !== day) return null;
    const next = nextOccurrenceDay(day, source.recurrenceType, source.anchorDay ?? Number(day.slice(8, 10)));
    const [won] = await tx
      .update(bonuses)
      .set({ nextOccurrenceOn: next })
      .where(and(eq(bonuses.id, sourceId), eq(bonuses.nextOccurrenceOn, day)))
      .returning({ id: bonuses.id });
    if (!won) return null;
    const lines = (await linesOf(tx, source)).slice(0, BONUS_CAP);
    if (lines.length === 0) return null;
    const [occurrence] = await tx
      .insert(bonuses)
      .values({
        companyId: source.companyId,
        title: source.title,
        customTitle: source.customTitle,
        comment: source.comment,
        type: source.type,
        target: source.target,
        groupId: source.groupId,
        amountCentimes: source.amountCentimes,
        recurrenceType: source.recurrenceType,
        isSaved: false,
        anchorDay: source.anchorDay,
        nextOccurrenceOn: null,
        sourceId: source.id,
        occurrenceOn: day,
        totalCentimes: lines.reduce((sum, line) => sum + line.amountCentimes, 0n),
        beneficiariesCount: lines.length,
        // The series' author stays the author: the DRH who replies must still be someone else.
        createdBy: source.createdBy,
        updatedBy: source.updatedBy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: bonuses.id });
    if (!occurrence) return null;
    await insertPayments(tx, source.companyId, occurrence.id, lines);
    return occurrence.id;
  });
}

/** The job: every series due on Casablanca's day of `now`, until none is due. Returns the new ids. */
export async function runBonusRecurrences(db: Db, now: Date = new Date()): Promise<number[]> {
  const today = casablancaDate(now);
  const created: number[] = [];
  for (let round = 0; round < 1000; round += 1) {
    const due = await db
      .select({ id: bonuses.id, day: bonuses.nextOccurrenceOn })
      .from(bonuses)
      .where(and(isNotNull(bonuses.nextOccurrenceOn), lte(bonuses.nextOccurrenceOn, today)))
      .orderBy(asc(bonuses.nextOccurrenceOn), asc(bonuses.id))
      .limit(BATCH);
    if (due.length === 0) break;
    let progressed = false;
    for (const { id, day } of due) {
      const result = await createOccurrence(db, id, day!, now);
      if (result !== null) created.push(result);
      progressed = true;
    }
    if (!progressed) break;
  }
  return created;
}
