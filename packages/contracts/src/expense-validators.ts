import { z } from 'zod';
import { ZDateTime, ZObjectId } from './wire.ts';

/**
 * Expense validators (spec §3 Policy, §6, §7; issue 14): employees who approve, return or refuse
 * the mission orders and expenses of every employee of their company, never their own. RH and
 * DRH add and remove them among the company's active employees.
 */
export const ZExpenseValidator = z.object({
  id: z.number().int(),
  employee: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  group_name: z.string().nullable(),
  created: ZDateTime,
});
export type TExpenseValidator = z.infer<typeof ZExpenseValidator>;

/** POST /expenses/validators/ */
export const ZCreateExpenseValidatorRequest = z.object({ employee: ZObjectId });
export type TCreateExpenseValidatorRequest = z.input<typeof ZCreateExpenseValidatorRequest>;

export const VALIDATOR_EMPLOYEE_NOT_FOUND_FR = "Ce salarié n'existe pas ou n'est pas actif.";
/** Texts of the validator form more precise than the catalogue's, by `attr.code`. */
export const EXPENSE_VALIDATOR_FIELD_MESSAGES_FR: Record<string, string> = {
  'employee.does_not_exist': VALIDATOR_EMPLOYEE_NOT_FOUND_FR,
};
