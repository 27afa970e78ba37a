/**
 * Who reviews mission orders (spec §6; issue 14): HR (RH, DRH) of the company, and the company's
 * expense validators — never the order's own employee. Exported for the expenses module (issue
 * 15), which applies the same rule to expense reports.
 */
import { isHr } from '@tasbiq/contracts/roles';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isExpenseValidator, listExpenseValidatorIds } from '../expense-validators/is-validator.ts';

/** Who is calling, from the session: never from the body. */
export type MissionCaller = {
  userId: number;
  companyId: number;
  /** The caller's employee row in the company (every caller of these routes has one). */
  employeeId: number;
  roles: readonly string[];
};

/** HR of the company, or one of its expense validators (tenancy: the caller's own company only). */
export async function isMissionReviewer(db: DbOrTx, caller: MissionCaller): Promise<boolean> {
  if (isHr(caller.roles)) return true;
  return isExpenseValidator(db, caller.companyId, caller.employeeId);
}

/**
 * May this caller reply to (or change the advance of) an order of `ownerEmployeeId` in their
 * company? Their own: 403 `ownCode` (MISSION_ORDER_OWN for an order, REPORT_OWN for its expense
 * report). Not a reviewer: 404, as if the order did not exist (they cannot see it either). The
 * order must already be loaded scoped to the caller's company.
 */
export async function assertMayReview(
  db: DbOrTx,
  caller: MissionCaller,
  ownerEmployeeId: number,
  ownCode: 'MISSION_ORDER_OWN' | 'REPORT_OWN' = 'MISSION_ORDER_OWN',
): Promise<void> {
  if (ownerEmployeeId === caller.employeeId) {
    throw new AppError(ownCode, { status: 403 });
  }
  if (!(await isMissionReviewer(db, caller))) throw notFound();
}

/** Whether the caller may see an order of `ownerEmployeeId`: their own, or as a reviewer. */
export async function mayView(db: DbOrTx, caller: MissionCaller, ownerEmployeeId: number): Promise<boolean> {
  return ownerEmployeeId === caller.employeeId || isMissionReviewer(db, caller);
}

export type Recipient = { userId: number; email: string | null; firstName: string };

/**
 * The people to tell about an order: the company's active validators and/or its active HR, once
 * each, never `exceptEmployeeId` (the order's own employee).
 */
export async function reviewerRecipients(
  db: DbOrTx,
  companyId: number,
  options: { validators: boolean; hr: boolean; exceptEmployeeId: number },
): Promise<Recipient[]> {
  const ids = new Set<number>();
  if (options.validators) for (const id of await listExpenseValidatorIds(db, companyId)) ids.add(id);
  const conditions = [];
  if (ids.size > 0) conditions.push(inArray(employees.id, [...ids]));
  if (options.hr) conditions.push(sql`${users.roles} && array['RH','DRH']::text[]`);
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, employeeId: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.isActive, true),
        eq(users.isActive, true),
        conditions.length === 1 ? conditions[0] : sql`(${conditions[0]} or ${conditions[1]})`,
      ),
    )
    .orderBy(employees.id);
  return rows
    .filter((row) => row.employeeId !== options.exceptEmployeeId)
    .map(({ userId, email, firstName }) => ({ userId, email, firstName }));
}
