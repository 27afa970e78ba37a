import type { TExpense } from '@tasbiq/contracts/expenses';
import type { ReactNode } from 'react';
import { formatExpenseAmount, formatExpenseDay } from '../format-expense.ts';
import { CategoryIcon } from './category-icon.tsx';
import { ReceiptThumbnail } from './receipt-thumbnail.tsx';
import { ExpenseStatusBadge } from './status-badges.tsx';

type ReportExpenseCardProps = {
  expense: TExpense;
  /** The ceiling and the refund: always for a reviewer, once answered for the employee. */
  showRefund: boolean;
  /** A checkbox before the card (a reviewer's selection, the employee's drafts to add). */
  selection?: { isSelected: boolean; onChange: (selected: boolean) => void };
  onOpenReceipt: () => void;
  /** Buttons under the card (edit, delete). */
  actions?: ReactNode;
};

/**
 * One expense of a report as a card, on phones and desktops alike (a card stays readable at
 * 360 px where a seven-column table would scroll sideways): category icon, title, date, amount,
 * receipt thumbnail, status, and the ceiling and refund with the reason when less is refunded.
 */
export function ReportExpenseCard({
  expense,
  showRefund,
  selection,
  onOpenReceipt,
  actions,
}: ReportExpenseCardProps) {
  const isCapped =
    expense.refundable_amount !== null && Number(expense.refundable_amount) < Number(expense.amount);
  return (
    <div className="flex gap-3">
      {selection ? (
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={selection.isSelected}
          onChange={(event) => selection.onChange(event.target.checked)}
          aria-label={`Sélectionner ${expense.title} (${formatExpenseAmount(expense.amount)})`}
        />
      ) : null}
      <ReceiptThumbnail expense={expense} onOpen={onOpenReceipt} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <p className="flex min-w-0 items-center gap-1.5 font-medium text-gray-900">
            <CategoryIcon category={expense.category} className="size-5 shrink-0 text-brand-700" />
            <span className="min-w-0 break-words">{expense.title}</span>
          </p>
          <p className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
            {formatExpenseAmount(expense.amount)}
          </p>
        </div>
        <p className="text-sm text-gray-600">
          {expense.category_label} ·{' '}
          <time dateTime={expense.expense_date}>{formatExpenseDay(expense.expense_date)}</time>
          {expense.guests > 0 ? ` · ${expense.guests} invité${expense.guests > 1 ? 's' : ''}` : ''}
        </p>
        {showRefund ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-gray-700">
            <dt>Plafond par jour</dt>
            <dd className="tabular-nums">
              {expense.ceiling === null ? 'Sans plafond' : formatExpenseAmount(expense.ceiling)}
            </dd>
            <dt>Remboursable</dt>
            <dd className="font-medium text-gray-900 tabular-nums">
              {expense.refundable_amount === null
                ? 'Non remboursée'
                : formatExpenseAmount(expense.refundable_amount)}
            </dd>
          </dl>
        ) : null}
        {showRefund && isCapped && expense.refund_reason_label ? (
          <p className="text-sm text-amber-800">{expense.refund_reason_label}</p>
        ) : null}
        {expense.review_comment ? (
          <p className="text-sm break-words text-gray-800">
            Commentaire du valideur : « {expense.review_comment} »
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <ExpenseStatusBadge status={expense.status} />
          {actions}
        </div>
      </div>
    </div>
  );
}
