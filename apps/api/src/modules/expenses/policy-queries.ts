import { EXPENSE_CATEGORIES } from '@tasbiq/contracts/expenses';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups } from '../../db/schema/employees.ts';
import { expensePolicyItems } from '../../db/schema/expenses.ts';
import type { DailyCeilings } from './refundable.ts';

export type PolicyItemRow = typeof expensePolicyItems.$inferSelect & { groupName: string | null };

export type PolicyItemFilters = {
  /** A group's items; `null` the ungrouped employees' items; undefined all. */
  groupId?: number | null;
  categories?: string[];
  ids?: number[];
};

/** The spec's category order, then the ungrouped items before the groups by name. */
const categoryOrder = sql`array_position(array[${sql.join(
  EXPENSE_CATEGORIES.map((c) => sql`${c}`),
  sql`, `,
)}]::text[], ${expensePolicyItems.category})`;

function conditionsOf(companyId: number, filters: PolicyItemFilters): SQL {
  return and(
    eq(expensePolicyItems.companyId, companyId),
    filters.groupId === undefined
      ? undefined
      : filters.groupId === null
        ? isNull(expensePolicyItems.groupId)
        : eq(expensePolicyItems.groupId, filters.groupId),
    filters.categories ? inArray(expensePolicyItems.category, filters.categories as never[]) : undefined,
    filters.ids ? inArray(expensePolicyItems.id, filters.ids.length > 0 ? filters.ids : [-1]) : undefined,
  ) as SQL;
}

export async function listPolicyItems(
  db: DbOrTx,
  companyId: number,
  filters: PolicyItemFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: PolicyItemRow[] }> {
  const where = conditionsOf(companyId, filters);
  const [total] = await db.select({ n: count() }).from(expensePolicyItems).where(where);
  const rows = await db
    .select({ item: expensePolicyItems, groupName: groups.name })
    .from(expensePolicyItems)
    .leftJoin(groups, and(eq(groups.id, expensePolicyItems.groupId), eq(groups.companyId, companyId)))
    .where(where)
    .orderBy(sql`${groups.name} asc nulls first`, categoryOrder, expensePolicyItems.id)
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows: rows.map((r) => ({ ...r.item, groupName: r.groupName })) };
}

/** The ceilings of one group (null: the ungrouped), keyed by category; only defined categories. */
export async function ceilingsOfGroup(
  db: DbOrTx,
  companyId: number,
  groupId: number | null,
): Promise<DailyCeilings> {
  const rows = await db
    .select({ category: expensePolicyItems.category, ceiling: expensePolicyItems.ceilingCentimes })
    .from(expensePolicyItems)
    .where(conditionsOf(companyId, { groupId }));
  return Object.fromEntries(rows.map((r) => [r.category, r.ceiling]));
}

export async function groupsOfCompany(db: DbOrTx, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, ids)));
}
