import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { expenseValidators } from '../../db/schema/expense-policy.ts';

/**
 * Whether this employee validates the mission orders and expenses of their company (spec §6).
 * Scoped to the company: a validator of another company is not one here. Whether the employee
 * may review a given order (never their own) is the caller's rule.
 */
export async function isExpenseValidator(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: expenseValidators.id })
    .from(expenseValidators)
    .where(and(eq(expenseValidators.companyId, companyId), eq(expenseValidators.employeeId, employeeId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The employee ids of the company's validators who are still active (to notify them of a new
 * order), oldest validator first. A deactivated employee keeps the row (reactivated, they
 * validate again) but is not notified.
 */
export async function listExpenseValidatorIds(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ employeeId: expenseValidators.employeeId })
    .from(expenseValidators)
    .innerJoin(employees, eq(employees.id, expenseValidators.employeeId))
    .where(and(eq(expenseValidators.companyId, companyId), eq(employees.isActive, true)))
    .orderBy(asc(expenseValidators.id));
  return rows.map((row) => row.employeeId);
}
