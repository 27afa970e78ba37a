import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import {
  BONUS_PAYMENT_STATUSES,
  BONUS_RECURRENCES,
  BONUS_STATUSES,
  BONUS_TARGETS,
  BONUS_TITLES,
  BONUS_TYPES,
} from './bonus-labels.ts';
import { BONUS_CAP } from './constants.ts';
import { normalizeDecimal } from './employees.ts';
import { PAYOUT_METHODS } from './money.ts';
import { ZMoney, ZObjectId } from './wire.ts';

/**
 * Bonuses, "primes et paniers" (spec §3 Bonus and Bonus-employee transaction, §4 Bonus, §7
 * Bonuses; issue 13; decisions 036, 037). Amounts are whole dirhams on the way in ("1500",
 * 1500 or "1500.00"), DRF decimals on the way out ("1500.00").
 */

export * from './bonus-labels.ts';

export const BONUS_REPLIES = ['confirm', 'refuse', 'partial'] as const;
export type TBonusReply = (typeof BONUS_REPLIES)[number];

export const BONUS_COMMENT_MAX = 500;
export const BONUS_CUSTOM_TITLE_MAX = 100;
/** The largest amount one beneficiary may receive in one bonus (a typo guard: 100 000 DH). */
export const BONUS_AMOUNT_MAX_DH = 100_000;

/** A whole number of dirhams, 1 to BONUS_AMOUNT_MAX_DH, as "1500.00". */
export const ZBonusAmount = z.preprocess(
  normalizeDecimal,
  z
    .string()
    .regex(/^\d{1,9}(?:\.0{1,2})?$/, { message: 'Le montant doit être un nombre entier de dirhams.' })
    .transform((value) => `${BigInt(value.split('.')[0]!)}.00`)
    .superRefine((value, ctx) => {
      const dh = Number(value);
      if (dh < 1)
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: 1,
          inclusive: true,
          input: value,
          message: 'Le montant doit être supérieur à 0 DH.',
        });
      else if (dh > BONUS_AMOUNT_MAX_DH)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: BONUS_AMOUNT_MAX_DH,
          inclusive: true,
          input: value,
          message: `Le montant ne peut pas dépasser ${BONUS_AMOUNT_MAX_DH} DH par salarié.`,
        });
    }),
);

/** The whole dirhams `text` stands for, read exactly as the API reads a bonus amount; null when it refuses it. */
export function bonusAmountDh(text: unknown): number | null {
  const parsed = ZBonusAmount.safeParse(text);
  return parsed.success ? Number(parsed.data) : null;
}

export const ZBonusAmountLine = z.object({ employee: ZObjectId, amount: ZBonusAmount });
export type TBonusAmountLine = z.input<typeof ZBonusAmountLine>;

/**
 * POST /bonuses/ and PUT /bonuses/{id}/. Collective: `amount` and `target` (`group` with
 * `group`, `selection` with `employees`). Individual: `amounts` (one line per employee, typed or
 * from POST /bonuses/parse/). More than BONUS_CAP beneficiaries: TOO_MANY_BONUSES. Which fields
 * each type needs is checked by the API (field errors `required`), so the form shows them in place.
 */
export const ZBonusWriteRequest = z.object({
  title: z.enum(BONUS_TITLES),
  custom_title: z.string().trim().max(BONUS_CUSTOM_TITLE_MAX).optional().nullable(),
  comment: z.string().trim().max(BONUS_COMMENT_MAX).optional().nullable(),
  type: z.enum(BONUS_TYPES),
  recurrence_type: z.enum(BONUS_RECURRENCES).default('non_recurrent'),
  is_saved: z.boolean().default(false),
  amount: ZBonusAmount.optional().nullable(),
  target: z.enum(BONUS_TARGETS).optional().nullable(),
  group: ZObjectId.optional().nullable(),
  employees: z.array(ZObjectId).optional().nullable(),
  amounts: z.array(ZBonusAmountLine).optional().nullable(),
});
export type TBonusWriteRequest = z.input<typeof ZBonusWriteRequest>;

export const ZUserRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
export type TUserRef = z.infer<typeof ZUserRef>;

/** How far the payment of a confirmed bonus has gone (counts of beneficiaries). */
export const ZBonusPayment = z.object({
  pending: z.number().int(),
  refused: z.number().int(),
  to_pay: z.number().int(),
  executed: z.number().int(),
  failed: z.number().int(),
  paid_amount: ZMoney,
});
export type TBonusPayment = z.infer<typeof ZBonusPayment>;

export const ZBonus = z.object({
  id: z.number().int(),
  title: z.enum(BONUS_TITLES),
  custom_title: z.string().nullable(),
  /** The title as shown: the option's French label, or the free title of `other`. */
  display_title: z.string(),
  comment: z.string(),
  type: z.enum(BONUS_TYPES),
  target: z.enum(BONUS_TARGETS).nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  recurrence_type: z.enum(BONUS_RECURRENCES),
  is_saved: z.boolean(),
  /** The next occurrence's Casablanca day (YYYY-MM-DD) while the recurrence runs, else null. */
  next_occurrence: z.string().nullable(),
  /** The recurrent bonus this one is an occurrence of. */
  source: z.number().int().nullable(),
  status: z.enum(BONUS_STATUSES),
  /** The collective amount per employee; null for an individual bonus. */
  amount: ZMoney.nullable(),
  total_amount: ZMoney,
  confirmed_amount: ZMoney,
  beneficiaries_count: z.number().int(),
  created: z.string(),
  created_by: ZUserRef.nullable(),
  updated: z.string(),
  replied: z.string().nullable(),
  replied_by: ZUserRef.nullable(),
  reply_comment: z.string().nullable(),
  payment: ZBonusPayment,
});
export type TBonus = z.infer<typeof ZBonus>;

/** One beneficiary line of GET /bonuses/{id}/beneficiaries/. */
export const ZBonusBeneficiary = z.object({
  id: z.number().int(),
  employee: ZEmployeeRef.extend({ cin: z.string().nullable() }),
  amount: ZMoney,
  status: z.enum(BONUS_PAYMENT_STATUSES),
  payout_method: z.enum(PAYOUT_METHODS).nullable(),
  failure_reason: z.string().nullable(),
  paid: z.string().nullable(),
});
export type TBonusBeneficiary = z.infer<typeof ZBonusBeneficiary>;

/**
 * POST /bonuses/{id}/reply/ (a DRH other than the author): `confirm` every beneficiary, `refuse`
 * them all, or `partial`: confirm the employees of `confirmed_employees` and refuse the others.
 * A comment is required to refuse, all or some.
 */
export const ZBonusReplyRequest = z.object({
  reply: z.enum(BONUS_REPLIES),
  comment: z.string().trim().max(BONUS_COMMENT_MAX).optional().nullable(),
  // Bounded like the beneficiaries: a bigger list is refused (400) before any query is built.
  confirmed_employees: z.array(ZObjectId).max(BONUS_CAP).optional().nullable(),
});
export type TBonusReplyRequest = z.input<typeof ZBonusReplyRequest>;

/** The employee's side: one bonus paid (or being paid) to them. */
export const ZBonusTransaction = z.object({
  id: z.number().int(),
  bonus: z.object({ id: z.number().int(), title: z.enum(BONUS_TITLES), display_title: z.string() }),
  amount: ZMoney,
  status: z.enum(BONUS_PAYMENT_STATUSES),
  payout_method: z.enum(PAYOUT_METHODS).nullable(),
  is_seen: z.boolean(),
  created: z.string(),
  paid: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type TBonusTransaction = z.infer<typeof ZBonusTransaction>;

/** What POST /bonuses/parse/ says about a file row it could not use. */
export const BONUS_FILE_ROW_ERRORS = [
  'unknown_employee',
  'inactive_employee',
  'duplicate',
  'invalid_amount',
  'missing_identifier',
] as const;
export type TBonusFileRowErrorCode = (typeof BONUS_FILE_ROW_ERRORS)[number];
export const BONUS_FILE_ROW_ERROR_LABELS_FR: Record<TBonusFileRowErrorCode, string> = {
  unknown_employee: 'Aucun salarié de la société avec cette CIN ou ce matricule.',
  inactive_employee: 'Ce salarié est désactivé.',
  duplicate: 'Ce salarié figure déjà sur une ligne précédente.',
  invalid_amount: 'Le montant doit être un nombre entier de dirhams supérieur à 0.',
  missing_identifier: 'La CIN ou le matricule est manquant.',
};

export const ZBonusFileRowError = z.object({
  line: z.number().int(),
  identifier: z.string(),
  amount: z.string(),
  code: z.enum(BONUS_FILE_ROW_ERRORS),
  detail: z.string(),
});
export type TBonusFileRowError = z.infer<typeof ZBonusFileRowError>;

/** POST /bonuses/parse/: the matched lines (ready for `amounts`) and the report of the others. */
export const ZBonusFileParse = z.object({
  format: z.enum(['csv', 'xlsx']),
  rows: z.number().int(),
  matched: z.array(
    z.object({
      line: z.number().int(),
      employee: ZEmployeeRef.extend({ cin: z.string().nullable() }),
      amount: ZMoney,
    }),
  ),
  report: z.array(ZBonusFileRowError),
  total_amount: ZMoney,
});
export type TBonusFileParse = z.infer<typeof ZBonusFileParse>;

/** GET /bonuses/ ordering whitelist. */
export const BONUS_ORDERING_FIELDS = ['created', 'total_amount', 'status', 'beneficiaries_count'] as const;
