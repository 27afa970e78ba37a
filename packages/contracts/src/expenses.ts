import { z } from 'zod';
import { normalizeDecimal, zAmount } from './employees.ts';
import { ZDateTime, ZMoney, ZObjectId } from './wire.ts';

/**
 * Expenses and expense reports (spec §3 Expense and Policy category items, §4 Report status and
 * Expense status, §5, §7 Expenses; issue 15). Amounts are DH with at most two decimals on the way
 * in ("152.40"), DRF decimals on the way out; centimes in the database and the services.
 */

/** Spec §3 category icons, in the spec's order: each category is named after its icon. */
export const EXPENSE_CATEGORIES = [
  'food',
  'hotel',
  'bank',
  'phone',
  'gas-station',
  'train',
  'plane',
] as const;
export type TExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS_FR: Record<TExpenseCategory, string> = {
  food: 'Restauration',
  hotel: 'Hôtel',
  bank: 'Frais bancaires',
  phone: 'Téléphone',
  'gas-station': 'Carburant',
  train: 'Train',
  plane: 'Avion',
};
/** Only food counts guests: a meal for three has three people's ceiling (issue 15). */
export const GUEST_MULTIPLIED_CATEGORIES: readonly TExpenseCategory[] = ['food'];

/** Spec §4 Expense status. */
export const EXPENSE_STATUSES = ['draft', 'sent', 'returned', 'accepted', 'rejected'] as const;
export type TExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EXPENSE_STATUS_LABELS_FR: Record<TExpenseStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  returned: 'À corriger',
  accepted: 'Acceptée',
  rejected: 'Refusée',
};

/** The report's status (spec §4 Report status) lives with the mission order: contracts/mission-orders. */

/** Why a refunded amount is less than the expense (issue 15, refundable amount). */
export const REFUND_REASONS = ['ceiling', 'ceiling_shared'] as const;
export type TRefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_REASON_LABELS_FR: Record<TRefundReason, string> = {
  ceiling: 'Plafond journalier de la catégorie atteint',
  ceiling_shared: 'Plafond journalier partagé avec les autres dépenses du jour',
};

/** Spec §5 and §9: receipts PNG, JPG or JPEG, 10 MB at most. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const RECEIPT_ACCEPT = 'image/png,image/jpeg';
/** Spec §9: guests 0 to 9. */
export const EXPENSE_MAX_GUESTS = 9;
/** Spec §9: default policy items page size. */
export const POLICY_ITEMS_PAGE_SIZE = 10;
/** Spec §5 and §9: displayed file names are shortened to 20 characters. */
export const DISPLAYED_FILE_NAME_MAX = 20;

/** `a-very-long-receipt-name.jpg` → at most 20 characters, keeping the extension ("…" inside). */
export function shortenFileName(name: string, max = DISPLAYED_FILE_NAME_MAX): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 6 ? Array.from(name.slice(dot)) : [];
  const keep = max - 1 - extension.length;
  return `${chars.slice(0, keep).join('')}…${extension.join('')}`;
}

export const ZExpenseCategory = z.enum(EXPENSE_CATEGORIES);
export const ZExpenseStatus = z.enum(EXPENSE_STATUSES);
export const ZRefundReason = z.enum(REFUND_REASONS);

// ---------------------------------------------------------------------------------------------
// Categories and ceilings (spec §3 Policy category items, §7 GET /expenses/categories,
// GET /expenses/policy_items/, POST /expenses/policy_items/bulk_save/)

/** At most this many items in one bulk save (7 categories for 70 groups and the ungrouped). */
export const POLICY_ITEMS_BULK_MAX = 500;

const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A ceiling per day in DH ("150", "150,50"); empty or null = unlimited. */
export const ZCeilingAmount = z.preprocess((value) => {
  const blank = blankToNull(value);
  return blank === null ? null : normalizeDecimal(blank);
}, zAmount({ min: 0, message: 'Montant invalide' }).nullable());

export const ZPolicyItemWrite = z.object({
  /** null: the employees in no group. */
  group: ZObjectId.nullable(),
  category: ZExpenseCategory,
  ceiling: ZCeilingAmount,
});
export const ZPolicyItemsBulkSaveRequest = z.object({
  items: z.array(ZPolicyItemWrite).min(1).max(POLICY_ITEMS_BULK_MAX),
});
export type TPolicyItemsBulkSaveRequest = z.infer<typeof ZPolicyItemsBulkSaveRequest>;

export const ZPolicyItem = z.object({
  id: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  category: ZExpenseCategory,
  category_label: z.string(),
  /** Per person and per day; null = unlimited. */
  ceiling: ZMoney.nullable(),
  updated: ZDateTime,
});
export type TPolicyItem = z.infer<typeof ZPolicyItem>;

export const ZExpenseCategoryItem = z.object({
  id: ZExpenseCategory,
  name: z.string(),
  icon: ZExpenseCategory,
  /** The caller's group's ceiling per person and per day; null = unlimited. */
  ceiling: ZMoney.nullable(),
  /** A policy item exists for the caller's group (the DRH chose this category for it). */
  policy_defined: z.boolean(),
});
export type TExpenseCategoryItem = z.infer<typeof ZExpenseCategoryItem>;

// ---------------------------------------------------------------------------------------------
// Expenses (spec §7 POST /expenses/, GET /expenses/, GET, PATCH and DELETE /expenses/{id}/,
// DELETE /expenses/bulk_delete/?ids)

/** The most one expense may be, in DH (a receipt is not a wire transfer). */
export const EXPENSE_MAX_AMOUNT_DH = 1_000_000;
export const EXPENSE_TITLE_MAX = 100;
/** At most this many ids in one bulk delete. */
export const EXPENSES_BULK_DELETE_MAX = 100;

const intLike = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** YYYY-MM-DD, a real day between 2000 and 2099. */
export const ZExpenseDate = z.string().refine(
  (value) => {
    if (!/^20\d{2}-\d{2}-\d{2}$/.test(value)) return false;
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  },
  { message: 'Date invalide' },
);

export const ZExpenseAmount = z.preprocess(
  normalizeDecimal,
  zAmount({ min: 0.01, message: 'AMOUNT_MUST_BE_POSITIVE' }).refine(
    (value) => Number(value) <= EXPENSE_MAX_AMOUNT_DH,
    { message: 'Montant invalide' },
  ),
);

const ZOcrFields = {
  /** What the receipt's OCR read, sent back untouched so the pre-fill's accuracy can be measured. */
  ocr_amount: z.preprocess(
    (v) => (v === '' ? undefined : normalizeDecimal(v)),
    zAmount({ min: 0, message: 'Montant invalide' }).optional(),
  ),
  ocr_date: z.preprocess((v) => (v === '' ? undefined : v), ZExpenseDate.optional()),
  ocr_merchant: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(80).optional()),
};

/** The form of an expense (multipart with the `receipt` file, or JSON for a PATCH). */
export const ZExpenseFields = z.object({
  title: z.string().trim().min(1).max(EXPENSE_TITLE_MAX),
  category: ZExpenseCategory,
  expense_date: ZExpenseDate,
  amount: ZExpenseAmount,
  guests: z.preprocess(
    (v) => (v === undefined || v === '' ? 0 : intLike(v)),
    z.number().int().min(0).max(EXPENSE_MAX_GUESTS),
  ),
  ...ZOcrFields,
});
export type TExpenseFields = z.infer<typeof ZExpenseFields>;
export const ZExpenseUpdateFields = ZExpenseFields.partial();
export type TExpenseUpdateFields = z.infer<typeof ZExpenseUpdateFields>;

export const ZReceiptReading = z.object({
  /** Something was read; false for a blank or unreadable photo (the form stays empty). */
  read: z.boolean(),
  amount: ZMoney.nullable(),
  date: z.string().nullable(),
  merchant: z.string().nullable(),
});
export type TReceiptReading = z.infer<typeof ZReceiptReading>;

export const ZExpense = z.object({
  id: z.number().int(),
  title: z.string(),
  category: ZExpenseCategory,
  category_label: z.string(),
  expense_date: z.string(),
  amount: ZMoney,
  guests: z.number().int(),
  status: ZExpenseStatus,
  /** The mission order whose report holds it; null while unassigned. */
  report: z.number().int().nullable(),
  receipt: z
    .object({
      name: z.string(),
      /** The name shortened to 20 characters for the screen. */
      display_name: z.string(),
      type: z.string(),
    })
    .nullable(),
  /** Per person and per day for the employee's group; null = unlimited. */
  ceiling: ZMoney.nullable(),
  /** What is (or would be) refunded; null for a rejected expense. */
  refundable_amount: ZMoney.nullable(),
  refund_reason: ZRefundReason.nullable(),
  refund_reason_label: z.string().nullable(),
  review_comment: z.string().nullable(),
  employee: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  created: ZDateTime,
  updated: ZDateTime,
});
export type TExpense = z.infer<typeof ZExpense>;

// ---------------------------------------------------------------------------------------------
// The report of a mission order (spec §7 POST /expenses/odm/{id}/assign/, send/, approve/,
// reply/expenses/all/; §4 Report status and Expense status)

export const REPORT_REPLIES = ['approve', 'reject', 'return'] as const;
export type TReportReply = (typeof REPORT_REPLIES)[number];
export const REVIEW_COMMENT_MAX = 1000;
const zComment = z
  .string()
  .trim()
  .max(REVIEW_COMMENT_MAX)
  .optional()
  .transform((v) => v || null);
const zExpenseIds = z.array(ZObjectId).min(1).max(EXPENSES_BULK_DELETE_MAX);

export const ZAssignExpensesRequest = z.object({ expenses: zExpenseIds });
export const ZApproveExpensesRequest = z.object({ expenses: zExpenseIds, comment: zComment });
export const ZReplyAllExpensesRequest = z.object({ reply: z.enum(REPORT_REPLIES), comment: zComment });
export type TApproveExpensesRequest = z.infer<typeof ZApproveExpensesRequest>;
export type TReplyAllExpensesRequest = z.infer<typeof ZReplyAllExpensesRequest>;

/**
 * The settlement of an accepted report against the mission advance (issue 15; decision 047):
 * balance = refundable total of the accepted expenses − the advance actually paid.
 * `to_employee`: the balance is paid to the card, else the RIB (`payout_status` as a mission
 * advance's); `owed_by_employee`: the employee owes −balance, deducted on the payroll statement of
 * `deduction_month` (the Casablanca month of acceptance); `none`: nothing moves.
 */
export const SETTLEMENT_DIRECTIONS = ['to_employee', 'owed_by_employee', 'none'] as const;
export type TSettlementDirection = (typeof SETTLEMENT_DIRECTIONS)[number];
export const SETTLEMENT_DIRECTION_LABELS_FR: Record<TSettlementDirection, string> = {
  to_employee: 'À verser au salarié',
  owed_by_employee: 'Dû par le salarié',
  none: 'Soldée, rien à verser',
};
/** A payout's progress (`to_employee` only): like a mission advance's. */
export const SETTLEMENT_PAYOUT_STATUSES = ['confirmed', 'processing', 'executed', 'failed'] as const;
export type TSettlementPayoutStatus = (typeof SETTLEMENT_PAYOUT_STATUSES)[number];
export const SETTLEMENT_PAYOUT_STATUS_LABELS_FR: Record<TSettlementPayoutStatus, string> = {
  confirmed: 'À verser',
  processing: 'En cours de versement',
  executed: 'Versé',
  failed: 'Échoué',
};
export const ZExpenseSettlement = z.object({
  refundable_total: ZMoney,
  advance_paid: ZMoney,
  /** Signed: positive when the company owes the employee, negative when the employee owes. */
  balance: ZMoney,
  direction: z.enum(SETTLEMENT_DIRECTIONS),
  /** null unless `to_employee`. */
  payout_status: z.enum(SETTLEMENT_PAYOUT_STATUSES).nullable(),
  payout_method: z.enum(['card', 'rib']).nullable(),
  failure_reason: z.string().nullable(),
  /** `owed_by_employee`: the payroll month it is deducted in, YYYY-MM (Casablanca); else null. */
  deduction_month: z.string().nullable(),
  created: ZDateTime,
});
export type TExpenseSettlement = z.infer<typeof ZExpenseSettlement>;

/** The report of one order: its status and expenses, with the refundable total so far. */
export const ZExpenseReport = z.object({
  odm: z.number().int(),
  report_status: z.string(),
  expenses: z.array(ZExpense),
  total_amount: ZMoney,
  refundable_total: ZMoney,
  /** Once the report is accepted; null before. */
  settlement: ZExpenseSettlement.nullable(),
});
export type TExpenseReport = z.infer<typeof ZExpenseReport>;
