import type { TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { VALIDATOR_EMPLOYEE_NOT_FOUND_FR } from '@tasbiq/contracts/expense-validators';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { expenseValidators } from '../../db/schema/expense-policy.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { toWireDateTime } from '../../lib/time.ts';
import { lockCompanyPolicy, type PolicySnapshot, recordPolicyChange } from '../expense-policy/history.ts';
import type { PolicyWriter } from '../expense-policy/service.ts';
import { findValidator, findValidatorOfEmployee, isActiveEmployee, type ValidatorRow } from './queries.ts';

export function serializeValidator(row: ValidatorRow): TExpenseValidator {
  return {
    id: row.id,
    employee: row.employeeId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    group_name: row.groupName,
    created: toWireDateTime(row.createdAt),
  };
}

function snapshot(row: ValidatorRow): PolicySnapshot {
  return { employee: row.employeeId, first_name: row.firstName, last_name: row.lastName };
}

/**
 * POST /expenses/validators/: makes an active employee of the company a validator.
 * Already one → EXPENSE_VALIDATOR_DEFINED; another company's, inactive or unknown → does_not_exist.
 */
export async function addValidator(db: Db, writer: PolicyWriter, employeeId: number): Promise<ValidatorRow> {
  const { companyId, userId, now } = writer;
  return db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, companyId);
    if (!(await isActiveEmployee(tx, companyId, employeeId)))
      throw fieldError('employee', 'does_not_exist', VALIDATOR_EMPLOYEE_NOT_FOUND_FR);
    if (await findValidatorOfEmployee(tx, companyId, employeeId))
      throw new AppError('EXPENSE_VALIDATOR_DEFINED', { status: 400, attr: 'employee' });
    const [inserted] = await tx
      .insert(expenseValidators)
      .values({ companyId, employeeId, createdBy: userId, createdAt: now })
      .returning({ id: expenseValidators.id });
    const row = (await findValidator(tx, companyId, inserted!.id))!;
    await recordPolicyChange(tx, {
      companyId,
      changedBy: userId,
      subject: 'validator',
      action: 'created',
      subjectId: row.id,
      before: null,
      after: snapshot(row),
      at: now,
    });
    return row;
  });
}

/** DELETE /expenses/validators/{id}/: another company's validator is 404. */
export async function removeValidator(db: Db, writer: PolicyWriter, id: number): Promise<void> {
  const { companyId, userId, now } = writer;
  await db.transaction(async (tx) => {
    await lockCompanyPolicy(tx, companyId);
    const row = await findValidator(tx, companyId, id);
    if (!row) throw notFound();
    await tx.delete(expenseValidators).where(eq(expenseValidators.id, id));
    await recordPolicyChange(tx, {
      companyId,
      changedBy: userId,
      subject: 'validator',
      action: 'deleted',
      subjectId: id,
      before: snapshot(row),
      after: null,
      at: now,
    });
  });
}
