import { ADVANCE_MIN_DH } from '@tasbiq/contracts/advances';
import { ERROR_MESSAGES_FR, formatTemplate, UNKNOWN_ERROR_TEMPLATE_FR } from '@tasbiq/contracts/error-codes';

/** What the amount field holds: a whole number of dirhams to simulate, or why not. */
export type ParsedAmount = { amount: number; error: null } | { amount: null; error: string | null };

const MAX_DIGITS = 9;

/**
 * Reads the typed amount. Spaces are allowed ("1 500"); decimals are not (advances are whole
 * dirhams, contracts ZAdvanceAmount). An empty field is no error, only nothing to simulate.
 */
export function parseAdvanceAmount(text: string): ParsedAmount {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '') return { amount: null, error: null };
  if (!/^\d+$/.test(compact) || compact.length > MAX_DIGITS)
    return { amount: null, error: 'Saisissez un nombre entier de dirhams, sans décimales.' };
  const amount = Number(compact);
  if (amount < ADVANCE_MIN_DH)
    return { amount: null, error: `Le montant minimum est de ${ADVANCE_MIN_DH} DH.` };
  return { amount, error: null };
}

/**
 * The French text of a simulation's `error_code`, from the same catalogue as every API error
 * (spec §8); an unknown code reads as the unknown-error text with the code, for support.
 */
export function refusalMessage(code: string): string {
  return Object.hasOwn(ERROR_MESSAGES_FR, code)
    ? (ERROR_MESSAGES_FR[code] as string)
    : formatTemplate(UNKNOWN_ERROR_TEMPLATE_FR, code);
}
