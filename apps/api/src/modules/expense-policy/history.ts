import type { TPolicyChangeAction, TPolicyChangeSubject } from '@tasbiq/contracts/expense-policy';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { expensePolicyChanges } from '../../db/schema/expense-policy.ts';

/** A JSON snapshot of a policy row as the history shows it. */
export type PolicySnapshot = Record<string, unknown>;

/**
 * Serialises every write to a company's policy and validators: the before/after of the history
 * is then exactly what the next writer sees, and two saves of the same limit never both insert.
 */
export async function lockCompanyPolicy(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`expense_policy:${companyId}`}))`);
}

/** Appends one change to the history, in the writer's transaction. Nothing recorded when nothing changed. */
export async function recordPolicyChange(
  db: DbOrTx,
  change: {
    companyId: number;
    changedBy: number | null;
    subject: TPolicyChangeSubject;
    action: TPolicyChangeAction;
    subjectId: number;
    before: PolicySnapshot | null;
    after: PolicySnapshot | null;
    at: Date;
  },
): Promise<void> {
  if (change.action === 'updated' && JSON.stringify(change.before) === JSON.stringify(change.after)) return;
  await db.insert(expensePolicyChanges).values({
    companyId: change.companyId,
    changedBy: change.changedBy,
    subject: change.subject,
    action: change.action,
    subjectId: change.subjectId,
    before: change.before,
    after: change.after,
    createdAt: change.at,
  });
}
