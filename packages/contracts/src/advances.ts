import { z } from 'zod';
import { normalizeDecimal } from './employees.ts';
import { ADVANCE_STATUSES, PAYOUT_METHODS } from './money.ts';
import { ZMoney } from './wire.ts';

/**
 * Salary advances (spec §3 Advance, §7 Advances; issue 3). Amounts are whole dirhams on the way
 * in ("1500", 1500 or "1500.00"), DRF decimals on the way out ("1500.00").
 */
export const ADVANCE_MIN_DH = 50;
export const ADVANCE_CANCEL_REASON_MIN = 3;
export const ADVANCE_CANCEL_REASON_MAX = 500;

/** A whole number of dirhams ≥ ADVANCE_MIN_DH, as "1500.00". Below: DRF `min_value`. */
export const ZAdvanceAmount = z.preprocess(
  normalizeDecimal,
  z
    .string()
    .regex(/^\d{1,9}(?:\.0{1,2})?$/, { message: 'Le montant doit être un nombre entier de dirhams.' })
    .transform((value) => `${BigInt(value.split('.')[0]!)}.00`)
    .superRefine((value, ctx) => {
      if (Number(value) < ADVANCE_MIN_DH)
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: ADVANCE_MIN_DH,
          inclusive: true,
          input: value,
          message: `Le montant minimum est de ${ADVANCE_MIN_DH} DH.`,
        });
    }),
);

export const ZSimulateAdvanceRequest = z.object({ amount: ZAdvanceAmount });
export type TSimulateAdvanceRequest = z.input<typeof ZSimulateAdvanceRequest>;

/**
 * POST /advances/simulate/ answer: what the advance would cost and whether it may go ahead.
 * `error_code` is the first failing rule (limits.ts order) or null; the call itself answers 200
 * either way so the screen can show the reason next to the amount as it is typed.
 */
export const ZAdvanceSimulation = z.object({
  amount: ZMoney,
  fees: ZMoney,
  total: ZMoney,
  free: z.boolean(),
  earned: ZMoney,
  available: ZMoney,
  available_after: ZMoney,
  error_code: z.string().nullable(),
});
export type TAdvanceSimulation = z.infer<typeof ZAdvanceSimulation>;

export const ZCreateAdvanceRequest = z.object({
  amount: ZAdvanceAmount,
  payout_method: z.enum(PAYOUT_METHODS).default('rib'),
});
export type TCreateAdvanceRequest = z.input<typeof ZCreateAdvanceRequest>;

export const ZCancelAdvanceRequest = z.object({
  reason: z.string().trim().min(ADVANCE_CANCEL_REASON_MIN).max(ADVANCE_CANCEL_REASON_MAX),
});
export type TCancelAdvanceRequest = z.input<typeof ZCancelAdvanceRequest>;

/** The employee an item belongs to, as HR lists show it. */
export const ZEmployeeRef = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  serial: z.string().nullable(),
});
export type TEmployeeRef = z.infer<typeof ZEmployeeRef>;

export const ZAdvance = z.object({
  id: z.number().int(),
  employee: ZEmployeeRef,
  amount: ZMoney,
  fees: ZMoney,
  free: z.boolean(),
  status: z.enum(ADVANCE_STATUSES),
  payout_method: z.enum(PAYOUT_METHODS),
  created: z.string(),
  executed: z.string().nullable(),
  canceled: z.string().nullable(),
  failed: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type TAdvance = z.infer<typeof ZAdvance>;

/** GET /advances/ filters (spec §7) plus `month`/`year` for the history screen. */
export const ADVANCE_ORDERING_FIELDS = ['created', 'amount', 'status'] as const;

/** One day of GET /advances/stats/daily and GET /recharges/stats/daily (Casablanca days, zeros filled). */
export const ZDailyStat = z.object({
  date: z.string(),
  count: z.number().int(),
  amount: ZMoney,
});
export type TDailyStat = z.infer<typeof ZDailyStat>;
export const DAILY_STATS_DEFAULT_DAYS = 30;
export const DAILY_STATS_MAX_DAYS = 366;

/**
 * GET /employees/solde: the employee's balance for the advance and top-up screens.
 * `balance` is what may still be drawn now (available); `requests_left` is null when unlimited.
 */
export const ZEmployeeSolde = z.object({
  balance: ZMoney,
  earned: ZMoney,
  drawn: ZMoney,
  advance_percentage: z.number().int(),
  total_max_advance_per_month: ZMoney,
  requests_this_month: z.number().int(),
  max_advances_per_month: z.number().int(),
  requests_left: z.number().int().nullable(),
  free_advances_left: z.number().int().nullable(),
  next_fee: ZMoney,
  is_restricted: z.boolean(),
  cutoff_day: z.number().int().nullable(),
  has_active_card: z.boolean(),
  has_rib: z.boolean(),
  month: z.number().int(),
  year: z.number().int(),
});
export type TEmployeeSolde = z.infer<typeof ZEmployeeSolde>;
