import { z } from 'zod';
import { ZEmployeeRef } from './advances.ts';
import { normalizeDecimal } from './employees.ts';
import { PAYOUT_METHODS } from './money.ts';
import { MAX_DB_INTEGER, ZMoney } from './wire.ts';

/**
 * Mission orders, "ordres de mission" (ODM): spec §3 Mission order, §4 Mission order and Report
 * status, §5, §7 `odm` calls; issue 14. Sent as multipart (fields + `files`) or JSON. Amounts are
 * whole dirhams on the way in ("1500", 1500 or "1500.00"), DRF decimals on the way out.
 */

/** Spec §4: pending (sent), returned (to modify), accepted, rejected. */
export const MISSION_ORDER_STATUSES = ['pending', 'returned', 'accepted', 'rejected'] as const;
export type TMissionOrderStatus = (typeof MISSION_ORDER_STATUSES)[number];
export const MISSION_ORDER_STATUS_LABELS_FR: Record<TMissionOrderStatus, string> = {
  pending: 'En attente',
  returned: 'À modifier',
  accepted: 'Acceptée',
  rejected: 'Refusée',
};

/** Spec §4 report status: starts `awaiting_odm`, `draft` once the order is approved (expenses carry it on). */
export const REPORT_STATUSES = [
  'awaiting_odm',
  'draft',
  'pending',
  'returned',
  'accepted',
  'rejected',
] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS_FR: Record<TReportStatus, string> = {
  awaiting_odm: 'En attente de l’ordre de mission',
  draft: 'Brouillon',
  pending: 'Envoyée',
  returned: 'À modifier',
  accepted: 'Acceptée',
  rejected: 'Refusée',
};

/** Spec §7 reply values. */
export const MISSION_ORDER_REPLIES = ['approve', 'return', 'refuse'] as const;
export type TMissionOrderReply = (typeof MISSION_ORDER_REPLIES)[number];

/** How far the approved advance has gone (none when the order asks for no advance). */
export const MISSION_ADVANCE_STATUSES = ['none', 'confirmed', 'processing', 'executed', 'failed'] as const;
export type TMissionAdvanceStatus = (typeof MISSION_ADVANCE_STATUSES)[number];
export const MISSION_ADVANCE_STATUS_LABELS_FR: Record<TMissionAdvanceStatus, string> = {
  none: 'Sans avance',
  confirmed: 'À verser',
  processing: 'En cours de versement',
  executed: 'Versée',
  failed: 'Échouée',
};

/** The history of an order: what happened, by whom, with the comment. */
export const MISSION_ORDER_EVENT_TYPES = [
  'submitted',
  'resubmitted',
  'returned',
  'approved',
  'refused',
  'advance_changed',
] as const;
export type TMissionOrderEventType = (typeof MISSION_ORDER_EVENT_TYPES)[number];
export const MISSION_ORDER_EVENT_LABELS_FR: Record<TMissionOrderEventType, string> = {
  submitted: 'Envoyé',
  resubmitted: 'Modifié et renvoyé',
  returned: 'Retourné pour modification',
  approved: 'Approuvé',
  refused: 'Refusé',
  advance_changed: 'Avance modifiée',
};

/** Spec §9 guests options. */
export const MISSION_GUESTS_MAX = 9;
/** Spec §5/§9: files are PDF, PNG or JPEG, 10 MB each (names shortened on screen by the web's shortenFileName). */
export const MISSION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MISSION_MAX_FILES = 5;
export const MISSION_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
export const MISSION_TITLE_MAX = 120;
export const MISSION_DESCRIPTION_MAX = 2000;
export const MISSION_COMMENT_MAX = 500;
/** A typo guard on any one advance (the policy's ceiling is the real bound). */
export const MISSION_ADVANCE_MAX_DH = 100_000;
/** Working days an order may wait before validators are reminded, unless the company sets another. */
export const MISSION_REMINDER_DEFAULT_WORKING_DAYS = 2;

/** A whole number of dirhams, 0 (no advance) to MISSION_ADVANCE_MAX_DH, as "1500.00". */
export const ZMissionAdvanceAmount = z.preprocess(
  normalizeDecimal,
  z
    .string()
    .regex(/^\d{1,9}(?:\.0{1,2})?$/, { message: 'Le montant doit être un nombre entier de dirhams.' })
    .transform((value) => `${BigInt(value.split('.')[0]!)}.00`)
    .superRefine((value, ctx) => {
      if (Number(value) > MISSION_ADVANCE_MAX_DH)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: MISSION_ADVANCE_MAX_DH,
          inclusive: true,
          input: value,
          message: `L’avance ne peut pas dépasser ${MISSION_ADVANCE_MAX_DH} DH.`,
        });
    }),
);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const zDay = z.string().refine((value) => {
  if (!DAY_RE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}, 'La date n’est pas valide.');

/** A city id from GET /cities, as a number or a form string. */
const zCityId = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().max(MAX_DB_INTEGER).pipe(z.number().int().positive()),
);

const zGuests = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z.number().int().min(0).max(MISSION_GUESTS_MAX),
);

/**
 * POST /expenses/odm/ and PUT /expenses/odm/{id}/ fields. End after start (spec §5) is a field
 * error on `end_date`. The advance ceiling depends on the employee and the route: the API checks
 * it (ADVANCE_ABOVE_CEILING on `advance_amount`).
 */
export const ZMissionOrderWriteRequest = z
  .object({
    title: z.string().trim().min(1).max(MISSION_TITLE_MAX),
    start_date: zDay,
    end_date: zDay,
    guests: zGuests.default(0),
    departure_city: zCityId,
    arrival_city: zCityId,
    description: z.string().trim().max(MISSION_DESCRIPTION_MAX).default(''),
    advance_amount: ZMissionAdvanceAmount.default('0.00'),
  })
  .superRefine((values, ctx) => {
    if (values.end_date <= values.start_date)
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        // A business code, so the API and the form both show the spec's text (error-codes.ts).
        message: 'END_BEFORE_START',
      });
  });
export type TMissionOrderWriteRequest = z.input<typeof ZMissionOrderWriteRequest>;

export const ZMissionOrderReplyRequest = z.object({
  reply: z.enum(MISSION_ORDER_REPLIES),
  comment: z.string().trim().max(MISSION_COMMENT_MAX).optional().nullable(),
});
export type TMissionOrderReplyRequest = z.input<typeof ZMissionOrderReplyRequest>;

export const ZMissionAdvanceRequest = z.object({ amount: ZMissionAdvanceAmount });
export type TMissionAdvanceRequest = z.input<typeof ZMissionAdvanceRequest>;

export const ZMissionCityRef = z.object({ id: z.number().int(), name: z.string() });

export const ZMissionOrderFile = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Download path under /api. */
  url: z.string(),
});
export type TMissionOrderFile = z.infer<typeof ZMissionOrderFile>;

export const ZMissionOrderEvent = z.object({
  id: z.number().int(),
  type: z.enum(MISSION_ORDER_EVENT_TYPES),
  comment: z.string().nullable(),
  by: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  /** For advance changes: before and after. */
  amount_before: ZMoney.nullable(),
  amount_after: ZMoney.nullable(),
  created: z.string(),
});
export type TMissionOrderEvent = z.infer<typeof ZMissionOrderEvent>;

/** The ceiling that applies: the smaller of the employee's advance limit and the route's; null = none set. */
export const ZMissionAdvanceCeiling = z.object({
  limit: ZMoney.nullable(),
  route_ceiling: ZMoney.nullable(),
  ceiling: ZMoney.nullable(),
});
export type TMissionAdvanceCeiling = z.infer<typeof ZMissionAdvanceCeiling>;

export const ZMissionOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  guests: z.number().int(),
  departure_city: ZMissionCityRef,
  arrival_city: ZMissionCityRef,
  description: z.string(),
  /** The advance as it stands (asked by the employee, possibly lowered by the reviewer). */
  advance_amount: ZMoney,
  /** What the employee first asked. */
  requested_advance_amount: ZMoney,
  advance_status: z.enum(MISSION_ADVANCE_STATUSES),
  payout_method: z.enum(PAYOUT_METHODS).nullable(),
  /** The advance paid: the amount to justify with expenses ("0.00" until it is paid). */
  advance_paid: ZMoney,
  advance_failure_reason: z.string().nullable(),
  status: z.enum(MISSION_ORDER_STATUSES),
  report_status: z.enum(REPORT_STATUSES),
  employee: ZEmployeeRef,
  files: z.array(ZMissionOrderFile),
  created: z.string(),
  submitted: z.string(),
  replied: z.string().nullable(),
  /** Pending for more than the company's reminder delay in working days. */
  is_overdue: z.boolean(),
  /** Whether the caller may reply to it (and change its advance). */
  can_review: z.boolean(),
  /** Whether the caller may edit it (their own, returned). */
  can_edit: z.boolean(),
  /** The caller's own order: its expense report is theirs to fill and send, never to review. */
  is_own: z.boolean(),
});
export type TMissionOrder = z.infer<typeof ZMissionOrder>;

/** The details: the order, its history (oldest first) and the ceiling that applies to it. */
export const ZMissionOrderDetails = ZMissionOrder.extend({
  history: z.array(ZMissionOrderEvent),
  advance_ceiling: ZMissionAdvanceCeiling,
});
export type TMissionOrderDetails = z.infer<typeof ZMissionOrderDetails>;

/** GET /expenses/odm/ `view`: the caller's own orders, or the ones they review (HR or validator). */
export const MISSION_ORDER_VIEWS = ['mine', 'review'] as const;
export type TMissionOrderView = (typeof MISSION_ORDER_VIEWS)[number];

export const MISSION_ORDER_ORDERING_FIELDS = [
  'created',
  'submitted',
  'start_date',
  'number',
  'status',
] as const;
