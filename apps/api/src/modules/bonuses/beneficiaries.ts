/**
 * Who a bonus goes to and how much each one gets (issue 13 rules): whole dirhams above 0, at most
 * BONUS_CAP beneficiaries (TOO_MANY_BONUSES), only active employees of the caller's company.
 * Another company's employee or group answers `does_not_exist`, exactly like a missing one.
 * Every field problem is reported at once, at its path (`amounts.3.employee`).
 */
import type { TBonusTarget, TBonusWriteRequest } from '@tasbiq/contracts/bonuses';
import { BONUS_CAP } from '@tasbiq/contracts/constants';
import { ERROR_MESSAGES_FR } from '@tasbiq/contracts/error-codes';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { wireToCentimes } from '../../lib/money.ts';
import { type FieldIssue, RequestValidationError } from '../../lib/validation.ts';
import { activeEmployeeIds, findCompanyEmployees, groupOfCompany } from './queries.ts';

export const INACTIVE_EMPLOYEE_DETAIL = 'Ce salarié est désactivé : il ne peut pas recevoir de prime.';
export const CUSTOM_TITLE_DETAIL = 'le champ "Intitulé" est obligatoire';

export type BonusLine = { employeeId: number; amountCentimes: bigint };
export type ResolvedBonus = {
  customTitle: string | null;
  target: TBonusTarget | null;
  groupId: number | null;
  amountCentimes: bigint | null;
  lines: BonusLine[];
  totalCentimes: bigint;
};

/** The body as the route parsed it (defaults applied, amounts normalised to "1500.00"). */
export type BonusWriteBody = Omit<TBonusWriteRequest, 'amount' | 'amounts'> & {
  amount?: string | null;
  amounts?: { employee: number; amount: string }[] | null;
};

const required = (attr: string): FieldIssue => ({
  code: 'required',
  detail: ERROR_MESSAGES_FR.required!,
  attr,
});
const tooMany = () => new AppError('TOO_MANY_BONUSES', { status: 400 });

/**
 * Checks a list of employee ids against the company: duplicates (`unique`), missing or another
 * company's (`does_not_exist`), deactivated (`invalid`), each at `attrOf(index)`.
 */
async function checkEmployees(
  db: DbOrTx,
  companyId: number,
  ids: number[],
  attrOf: (index: number) => string,
): Promise<FieldIssue[]> {
  const found = new Map((await findCompanyEmployees(db, companyId, [...new Set(ids)])).map((e) => [e.id, e]));
  const seen = new Set<number>();
  const issues: FieldIssue[] = [];
  ids.forEach((id, index) => {
    const employee = found.get(id);
    if (seen.has(id))
      issues.push({ code: 'unique', detail: 'Ce salarié figure déjà dans la liste.', attr: attrOf(index) });
    else if (!employee)
      issues.push({ code: 'does_not_exist', detail: ERROR_MESSAGES_FR.does_not_exist!, attr: attrOf(index) });
    else if (!employee.isActive)
      issues.push({ code: 'invalid', detail: INACTIVE_EMPLOYEE_DETAIL, attr: attrOf(index) });
    seen.add(id);
  });
  return issues;
}

function fail(issues: FieldIssue[]): never {
  throw new RequestValidationError(issues);
}

export async function resolveBeneficiaries(
  db: DbOrTx,
  companyId: number,
  body: BonusWriteBody,
): Promise<ResolvedBonus> {
  const customTitle = body.title === 'other' ? body.custom_title?.trim() || null : null;
  const issues: FieldIssue[] = [];
  if (body.title === 'other' && !customTitle)
    issues.push({ code: 'required', detail: CUSTOM_TITLE_DETAIL, attr: 'custom_title' });

  if (body.type === 'individual') {
    const amounts = body.amounts ?? [];
    if (amounts.length === 0) fail([...issues, required('amounts')]);
    if (amounts.length > BONUS_CAP) throw tooMany();
    issues.push(
      ...(await checkEmployees(
        db,
        companyId,
        amounts.map((line) => line.employee),
        (i) => `amounts.${i}.employee`,
      )),
    );
    if (issues.length > 0) fail(issues);
    const lines = amounts.map((line) => ({
      employeeId: line.employee,
      amountCentimes: wireToCentimes(line.amount)!,
    }));
    return {
      customTitle,
      target: null,
      groupId: null,
      amountCentimes: null,
      lines,
      totalCentimes: lines.reduce((sum, line) => sum + line.amountCentimes, 0n),
    };
  }

  // Collective: one amount for all, a group or a selection.
  if (!body.amount) issues.push(required('amount'));
  if (!body.target) issues.push(required('target'));
  let employeeIds: number[] = [];
  let groupId: number | null = null;
  if (body.target === 'group') {
    if (!body.group) issues.push(required('group'));
    else {
      const group = await groupOfCompany(db, companyId, body.group);
      if (!group)
        issues.push({ code: 'does_not_exist', detail: ERROR_MESSAGES_FR.does_not_exist!, attr: 'group' });
      else groupId = group.id;
    }
  } else if (body.target === 'selection') {
    const selection = body.employees ?? [];
    if (selection.length === 0) issues.push(required('employees'));
    if (selection.length > BONUS_CAP) throw tooMany();
    issues.push(...(await checkEmployees(db, companyId, selection, (i) => `employees.${i}`)));
    employeeIds = selection;
  }
  if (issues.length > 0) fail(issues);
  if (body.target === 'all' || body.target === 'group') {
    employeeIds = await activeEmployeeIds(db, companyId, groupId ?? undefined);
    if (employeeIds.length === 0) throw new AppError('AUCUN_EMPLOYE_ACTIF', { status: 400 });
    if (employeeIds.length > BONUS_CAP) throw tooMany();
  }
  const amountCentimes = wireToCentimes(body.amount!)!;
  return {
    customTitle,
    target: body.target!,
    groupId,
    amountCentimes,
    lines: employeeIds.map((employeeId) => ({ employeeId, amountCentimes })),
    totalCentimes: amountCentimes * BigInt(employeeIds.length),
  };
}
