import type { TExpenseStatus } from '@tasbiq/contracts/expenses';
import { and, count, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';
import { expenses } from '../../db/schema/expenses.ts';

export type ExpenseRow = typeof expenses.$inferSelect & {
  groupId: number | null;
  firstName: string;
  lastName: string;
};

export type ExpenseFilters = {
  employeeId?: number;
  status?: TExpenseStatus[];
  missionOrderId?: number;
  unassigned?: boolean;
  ids?: number[];
};

const columns = {
  expense: expenses,
  groupId: employees.groupId,
  firstName: users.firstName,
  lastName: users.lastName,
};

function conditionsOf(companyId: number, filters: ExpenseFilters): SQL {
  return and(
    eq(expenses.companyId, companyId),
    filters.employeeId === undefined ? undefined : eq(expenses.employeeId, filters.employeeId),
    filters.status ? inArray(expenses.status, filters.status) : undefined,
    filters.missionOrderId === undefined ? undefined : eq(expenses.missionOrderId, filters.missionOrderId),
    filters.unassigned ? isNull(expenses.missionOrderId) : undefined,
    filters.ids ? inArray(expenses.id, filters.ids.length > 0 ? filters.ids : [-1]) : undefined,
  ) as SQL;
}

function toRow(r: {
  expense: typeof expenses.$inferSelect;
  groupId: number | null;
  firstName: string;
  lastName: string;
}): ExpenseRow {
  return { ...r.expense, groupId: r.groupId, firstName: r.firstName, lastName: r.lastName };
}

export async function listExpenses(
  db: DbOrTx,
  companyId: number,
  filters: ExpenseFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ExpenseRow[] }> {
  const where = conditionsOf(companyId, filters);
  const [total] = await db.select({ n: count() }).from(expenses).where(where);
  const rows = await db
    .select(columns)
    .from(expenses)
    .innerJoin(employees, eq(employees.id, expenses.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where)
    .orderBy(desc(expenses.createdAt), desc(expenses.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.n ?? 0, rows: rows.map(toRow) };
}

export async function findExpense(db: DbOrTx, companyId: number, id: number): Promise<ExpenseRow | null> {
  const [row] = await db
    .select(columns)
    .from(expenses)
    .innerJoin(employees, eq(employees.id, expenses.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(expenses.companyId, companyId), eq(expenses.id, id)));
  return row ? toRow(row) : null;
}

/**
 * The employees' expenses on these days that use a ceiling (all but rejected ones); answered by
 * the (company_id, employee_id, expense_date) index (migration 0026).
 */
export function expensesSharingDaysQuery(
  db: DbOrTx,
  companyId: number,
  employeeIds: number[],
  days: string[],
) {
  return db
    .select({
      id: expenses.id,
      employeeId: expenses.employeeId,
      category: expenses.category,
      date: expenses.expenseDate,
      amountCentimes: expenses.amountCentimes,
      guests: expenses.guests,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.companyId, companyId),
        inArray(expenses.employeeId, employeeIds),
        inArray(expenses.expenseDate, days),
        ne(expenses.status, 'rejected'),
      ),
    );
}

export async function expensesSharingDays(
  db: DbOrTx,
  companyId: number,
  employeeIds: number[],
  days: string[],
) {
  if (employeeIds.length === 0 || days.length === 0) return [];
  return expensesSharingDaysQuery(db, companyId, employeeIds, days);
}
