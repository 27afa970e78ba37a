/**
 * Who a payout goes to — an advance's employee, a bonus beneficiary: the account to notify and
 * the name and RIB the bank transfer needs. One lookup for every payout job, in the payout's
 * company only.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { employees } from '../../db/schema/employees.ts';

export type PayoutOwner = {
  userId: number;
  firstName: string;
  lastName: string;
  serial: string | null;
  rib: string | null;
};

/** The payout's owner; throws when the employee is gone (the job retries, then the sweeper). */
export async function payoutOwnerOf(db: DbOrTx, companyId: number, employeeId: number): Promise<PayoutOwner> {
  const [owner] = await db
    .select({
      userId: employees.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      serial: employees.serial,
      rib: employees.rib,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  if (!owner) throw new Error(`Payout owner ${employeeId} vanished from company ${companyId}.`);
  return owner;
}
