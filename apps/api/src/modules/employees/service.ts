import type { DbOrTx } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { createAccount, type NewAccount } from '../accounts/service.ts';

export type NewEmployee = NewAccount & {
  companyId: number;
  employee?: Partial<Omit<typeof employees.$inferInsert, 'companyId' | 'userId'>>;
};

/** An employee is an account with a company plus its employment record, created together. */
export async function createEmployeeAccount(db: DbOrTx, input: NewEmployee) {
  const user = await createAccount(db, input);
  const [employee] = await db
    .insert(employees)
    .values({
      companyId: input.companyId,
      userId: user.id,
      status: input.password || input.passwordHash ? 'activated' : 'invited',
      ...input.employee,
    })
    .returning();
  return { user, employee: employee! };
}
