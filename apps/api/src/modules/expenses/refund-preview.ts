import type { DbOrTx } from '../../db/client.ts';
import { ceilingsOfGroup } from './policy-queries.ts';
import { type ExpenseRow, expensesSharingDays } from './queries.ts';
import { type DailyCeilings, type RefundLine, refundableAmounts } from './refundable.ts';

/**
 * The refund of each listed expense as things stand: its employee's group's ceilings, shared
 * with that employee's other expenses (not rejected) of the same category and day, whatever their
 * report. An accepted report keeps the figure computed at acceptance (`refundable_centimes`);
 * a rejected expense has none.
 */
export async function refundLinesOf(
  db: DbOrTx,
  companyId: number,
  rows: ExpenseRow[],
): Promise<Map<number, RefundLine | null>> {
  const result = new Map<number, RefundLine | null>();
  const open = rows.filter((row) => row.status !== 'rejected');
  for (const row of rows) if (row.status === 'rejected') result.set(row.id, null);
  if (open.length === 0) return result;

  const ceilingsByGroup = new Map<number | null, DailyCeilings>();
  for (const groupId of new Set(open.map((row) => row.groupId)))
    ceilingsByGroup.set(groupId, await ceilingsOfGroup(db, companyId, groupId));
  const employeeIds = [...new Set(open.map((row) => row.employeeId))];
  const days = [...new Set(open.map((row) => row.expenseDate))];
  const sharing = await expensesSharingDays(db, companyId, employeeIds, days);
  const groupOf = new Map(open.map((row) => [row.employeeId, row.groupId] as const));

  for (const employeeId of employeeIds) {
    const ceilings = ceilingsByGroup.get(groupOf.get(employeeId) ?? null) ?? {};
    const lines = refundableAmounts(
      sharing.filter((e) => e.employeeId === employeeId),
      ceilings,
    );
    const byId = new Map(lines.map((line) => [line.id, line] as const));
    for (const row of open.filter((r) => r.employeeId === employeeId)) {
      const line = byId.get(row.id) ?? null;
      result.set(
        row.id,
        line && row.refundableCentimes !== null
          ? { ...line, refundedCentimes: row.refundableCentimes }
          : line,
      );
    }
  }
  return result;
}
