import { EXPENSE_CATEGORY_LABELS_FR, type TPolicyItemsBulkSaveRequest } from '@tasbiq/contracts/expenses';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { expensePolicyItems } from '../../db/schema/expenses.ts';
import { fieldError } from '../../lib/errors.ts';
import { centimesToWire, wireToCentimes } from '../../lib/money.ts';
import { lockCompanyPolicy, type PolicySnapshot, recordPolicyChange } from '../expense-policy/history.ts';
import { groupsOfCompany } from './policy-queries.ts';

/** What the policy history keeps of a category ceiling (ceiling null: unlimited). */
export function policyItemSnapshot(item: {
  groupId: number | null;
  groupName: string | null;
  category: keyof typeof EXPENSE_CATEGORY_LABELS_FR;
  ceilingCentimes: bigint | null;
}): PolicySnapshot {
  return {
    group: item.groupId,
    group_name: item.groupName,
    category: item.category,
    category_label: EXPENSE_CATEGORY_LABELS_FR[item.category],
    ceiling: item.ceilingCentimes === null ? null : centimesToWire(item.ceilingCentimes),
  };
}

/**
 * Saves category ceilings (POST /expenses/policy_items/bulk_save/, DRH only): one row per group
 * (or the ungrouped) and category, created or replaced; an empty ceiling means unlimited. A group
 * of another company is `does_not_exist`, like a missing one; the same group and category twice in
 * one body is `unique` on the second. All or nothing, in one transaction, under the company's
 * policy lock; every created or changed ceiling is appended to the policy history (who, when,
 * group, category, before → after), an unchanged one is not (the demo seed records nothing).
 */
export async function saveCeilings(
  db: DbOrTx,
  caller: { companyId: number; userId: number | null; now: Date; recordHistory?: boolean },
  body: TPolicyItemsBulkSaveRequest,
): Promise<number[]> {
  const { companyId, userId, now } = caller;
  const groupIds = [...new Set(body.items.map((i) => i.group).filter((g): g is number => g !== null))];
  const names = new Map((await groupsOfCompany(db, companyId, groupIds)).map((g) => [g.id, g.name]));
  const seen = new Set<string>();
  const keyOf = (groupId: number | null, category: string) => `${groupId ?? ''}|${category}`;
  for (const [index, item] of body.items.entries()) {
    if (item.group !== null && !names.has(item.group))
      throw fieldError(`items.${index}.group`, 'does_not_exist');
    const key = keyOf(item.group, item.category);
    if (seen.has(key)) throw fieldError(`items.${index}.category`, 'unique');
    seen.add(key);
  }
  return db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, companyId);
    const existing = new Map(
      (
        await tx
          .select({
            id: expensePolicyItems.id,
            groupId: expensePolicyItems.groupId,
            category: expensePolicyItems.category,
            ceilingCentimes: expensePolicyItems.ceilingCentimes,
          })
          .from(expensePolicyItems)
          .where(eq(expensePolicyItems.companyId, companyId))
      ).map((row) => [keyOf(row.groupId, row.category), row]),
    );
    const rows = await tx
      .insert(expensePolicyItems)
      .values(
        body.items.map((item) => ({
          companyId,
          groupId: item.group,
          category: item.category,
          ceilingCentimes: item.ceiling === null ? null : wireToCentimes(item.ceiling),
          updatedBy: userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [expensePolicyItems.companyId, expensePolicyItems.groupId, expensePolicyItems.category],
        set: {
          ceilingCentimes: sql`excluded.ceiling_centimes`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({
        id: expensePolicyItems.id,
        groupId: expensePolicyItems.groupId,
        category: expensePolicyItems.category,
        ceilingCentimes: expensePolicyItems.ceilingCentimes,
      });
    for (const row of caller.recordHistory === false ? [] : rows) {
      const before = existing.get(keyOf(row.groupId, row.category));
      if (before && before.ceilingCentimes === row.ceilingCentimes) continue;
      const groupName = row.groupId === null ? null : (names.get(row.groupId) ?? null);
      await recordPolicyChange(tx, {
        companyId,
        changedBy: userId,
        subject: 'policy_item',
        action: before ? 'updated' : 'created',
        subjectId: row.id,
        before: before ? policyItemSnapshot({ ...before, groupName }) : null,
        after: policyItemSnapshot({ ...row, groupName }),
        at: now,
      });
    }
    return rows.map((r) => r.id);
  });
}
