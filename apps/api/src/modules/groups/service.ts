import type { TGroup } from '@tasbiq/contracts/groups';
import type { DbOrTx } from '../../db/client.ts';
import { groups } from '../../db/schema/employees.ts';
import type { GroupWithCount } from './queries.ts';

export type GroupRow = typeof groups.$inferSelect;

/** Creates a group in a company (HR screens will call it; the demo seed and tests do today). */
export async function createGroup(
  db: DbOrTx,
  companyId: number,
  input: { name: string; createdAt?: Date },
): Promise<GroupRow> {
  const [row] = await db
    .insert(groups)
    .values({ companyId, name: input.name.trim(), createdAt: input.createdAt })
    .returning();
  return row!;
}

export function serializeGroup(group: GroupWithCount): TGroup {
  return {
    id: group.id,
    name: group.name,
    employee_count: group.employeeCount,
    created: group.createdAt.toISOString(),
  };
}
