import type { TPolicyItemsBulkSaveRequest } from '@tasbiq/contracts/expenses';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { expensePolicyItems } from '../../db/schema/expenses.ts';
import { fieldError } from '../../lib/errors.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { groupsOfCompany } from './policy-queries.ts';

/**
 * Saves category ceilings (POST /expenses/policy_items/bulk_save/, DRH only): one row per group
 * (or the ungrouped) and category, created or replaced; an empty ceiling means unlimited. A group
 * of another company is `does_not_exist`, like a missing one; the same group and category twice in
 * one body is `unique` on the second. All or nothing, in one transaction.
 */
export async function saveCeilings(
  db: DbOrTx,
  caller: { companyId: number; userId: number | null },
  body: TPolicyItemsBulkSaveRequest,
): Promise<number[]> {
  const groupIds = [...new Set(body.items.map((i) => i.group).filter((g): g is number => g !== null))];
  const known = new Set((await groupsOfCompany(db, caller.companyId, groupIds)).map((g) => g.id));
  const seen = new Set<string>();
  for (const [index, item] of body.items.entries()) {
    if (item.group !== null && !known.has(item.group))
      throw fieldError(`items.${index}.group`, 'does_not_exist');
    const key = `${item.group ?? ''}|${item.category}`;
    if (seen.has(key)) throw fieldError(`items.${index}.category`, 'unique');
    seen.add(key);
  }
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(expensePolicyItems)
      .values(
        body.items.map((item) => ({
          companyId: caller.companyId,
          groupId: item.group,
          category: item.category,
          ceilingCentimes: item.ceiling === null ? null : wireToCentimes(item.ceiling),
          updatedBy: caller.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [expensePolicyItems.companyId, expensePolicyItems.groupId, expensePolicyItems.category],
        set: {
          ceilingCentimes: sql`excluded.ceiling_centimes`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: expensePolicyItems.id });
    return rows.map((r) => r.id);
  });
}
