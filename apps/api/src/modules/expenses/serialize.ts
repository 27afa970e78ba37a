import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS_FR,
  REFUND_REASON_LABELS_FR,
  shortenFileName,
  type TExpense,
  type TExpenseCategoryItem,
  type TExpenseSettlement,
  type TPolicyItem,
} from '@tasbiq/contracts/expenses';
import { centimesToWire } from '../../lib/money.ts';
import { toWireDateTime } from '../../lib/time.ts';
import type { PolicyItemRow } from './policy-queries.ts';
import type { ExpenseRow } from './queries.ts';
import type { DailyCeilings, RefundLine } from './refundable.ts';
import type { SettlementRecord } from './settlement.ts';

export function serializePolicyItem(row: PolicyItemRow): TPolicyItem {
  return {
    id: row.id,
    group: row.groupId === null ? null : { id: row.groupId, name: row.groupName ?? '' },
    category: row.category,
    category_label: EXPENSE_CATEGORY_LABELS_FR[row.category],
    ceiling: row.ceilingCentimes === null ? null : centimesToWire(row.ceilingCentimes),
    updated: toWireDateTime(row.updatedAt),
  };
}

/** Every category in the spec's order, with the caller's group's ceiling (absent = unlimited). */
export function serializeCategories(ceilings: DailyCeilings, onlyDefined: boolean): TExpenseCategoryItem[] {
  return EXPENSE_CATEGORIES.filter((category) => !onlyDefined || category in ceilings).map((category) => {
    const ceiling = ceilings[category] ?? null;
    return {
      id: category,
      name: EXPENSE_CATEGORY_LABELS_FR[category],
      icon: category,
      ceiling: ceiling === null ? null : centimesToWire(ceiling),
      policy_defined: category in ceilings,
    };
  });
}

export function serializeExpense(row: ExpenseRow, line: RefundLine | null): TExpense {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    category_label: EXPENSE_CATEGORY_LABELS_FR[row.category],
    expense_date: row.expenseDate,
    amount: centimesToWire(row.amountCentimes),
    guests: row.guests,
    status: row.status,
    report: row.missionOrderId,
    receipt:
      row.receiptKey && row.receiptName
        ? {
            name: row.receiptName,
            display_name: shortenFileName(row.receiptName),
            type: row.receiptType ?? 'image/jpeg',
          }
        : null,
    ceiling: line?.ceilingCentimes == null ? null : centimesToWire(line.ceilingCentimes),
    refundable_amount: line ? centimesToWire(line.refundedCentimes) : null,
    refund_reason: line?.reason ?? null,
    refund_reason_label: line?.reason ? REFUND_REASON_LABELS_FR[line.reason] : null,
    review_comment: row.reviewComment,
    employee: { id: row.employeeId, first_name: row.firstName, last_name: row.lastName },
    created: toWireDateTime(row.createdAt),
    updated: toWireDateTime(row.updatedAt),
  };
}

/** The settlement of an accepted report (decision 047); null before acceptance. */
export function serializeSettlement(row: SettlementRecord | null): TExpenseSettlement | null {
  if (!row) return null;
  return {
    refundable_total: centimesToWire(row.refundableCentimes),
    advance_paid: centimesToWire(row.advancePaidCentimes),
    balance: centimesToWire(row.balanceCentimes),
    direction: row.direction,
    payout_status: row.payoutStatus,
    payout_method: row.payoutMethod,
    failure_reason: row.failureReason,
    deduction_month: row.deductionMonth?.slice(0, 7) ?? null,
    created: toWireDateTime(row.createdAt),
  };
}
