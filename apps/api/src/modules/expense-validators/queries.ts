import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees, groups } from '../../db/schema/employees.ts';
import { expenseValidators } from '../../db/schema/expense-policy.ts';

export type ValidatorRow = {
  id: number;
  employeeId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  groupName: string | null;
  createdAt: Date;
};

function selectValidators(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: expenseValidators.id,
      employeeId: expenseValidators.employeeId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      groupName: groups.name,
      createdAt: expenseValidators.createdAt,
    })
    .from(expenseValidators)
    .innerJoin(employees, eq(employees.id, expenseValidators.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .leftJoin(groups, eq(groups.id, employees.groupId))
    .where(where);
}

/** The company's validators by name. */
export async function listValidators(
  db: DbOrTx,
  companyId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ValidatorRow[] }> {
  const where = eq(expenseValidators.companyId, companyId);
  const [total] = await db.select({ count: count() }).from(expenseValidators).where(where);
  const rows = await selectValidators(db, where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(expenseValidators.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.count ?? 0, rows };
}

export async function findValidator(db: DbOrTx, companyId: number, id: number): Promise<ValidatorRow | null> {
  const [row] = await selectValidators(
    db,
    and(eq(expenseValidators.companyId, companyId), eq(expenseValidators.id, id)),
  );
  return row ?? null;
}

export async function findValidatorOfEmployee(
  db: DbOrTx,
  companyId: number,
  employeeId: number,
): Promise<ValidatorRow | null> {
  const [row] = await selectValidators(
    db,
    and(eq(expenseValidators.companyId, companyId), eq(expenseValidators.employeeId, employeeId)),
  );
  return row ?? null;
}

/** Whether this employee of the company is active (an activated account, not deactivated). */
export async function isActiveEmployee(db: DbOrTx, companyId: number, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.id, employeeId),
        eq(employees.isActive, true),
        eq(employees.status, 'activated'),
        eq(users.isActive, true),
      ),
    );
  return row !== undefined;
}
