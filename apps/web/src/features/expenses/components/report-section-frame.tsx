import type { TExpense, TExpenseReport } from '@tasbiq/contracts/expenses';
import { type ReactNode, useId, useState } from 'react';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useExpenseReportQuery } from '../api/get-expense-report.ts';
import { formatExpenseAmount } from '../format-expense.ts';
import { FullReceipt } from './receipt-thumbnail.tsx';
import { ReportStatusBadge } from './status-badges.tsx';

/**
 * What a screen adds under a report section, given the report as loaded (the settlement summary
 * of an accepted report plugs in here).
 */
export type ReportFooter = ReactNode | ((report: TExpenseReport) => ReactNode);

type ReportSectionFrameProps = {
  orderId: number;
  /** The section's body, once the report is loaded; `openReceipt` shows a receipt full size. */
  children: (report: TExpenseReport, openReceipt: (expense: TExpense) => void) => ReactNode;
  footer?: ReportFooter;
};

/**
 * The frame both report sections share: the title with the report's status, loading and error
 * states, the totals, the full-size receipt, and the footer slot.
 */
export function ReportSectionFrame({ orderId, children, footer }: ReportSectionFrameProps) {
  const titleId = useId();
  const report = useExpenseReportQuery(orderId);
  const [opened, setOpened] = useState<TExpense | null>(null);

  let body: ReactNode;
  if (report.isPending) body = <Spinner label="Chargement de la note de frais…" isBlock />;
  else if (report.isError)
    body = (
      <LoadErrorState
        title="La note de frais n’a pas pu être chargée."
        error={report.error}
        onRetry={() => report.refetch()}
      />
    );
  else
    body = (
      <>
        {children(report.data, setOpened)}
        {report.data.expenses.length > 0 ? (
          <dl
            aria-label="Totaux de la note de frais"
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-gray-100 pt-3 text-sm"
          >
            <dt className="text-gray-700">Total des dépenses</dt>
            <dd className="text-right font-medium whitespace-nowrap text-gray-900 tabular-nums">
              {formatExpenseAmount(report.data.total_amount)}
            </dd>
            <dt className="text-gray-700">Total remboursable</dt>
            <dd className="text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">
              {formatExpenseAmount(report.data.refundable_total)}
            </dd>
          </dl>
        ) : null}
        {/* Slot for what follows the report (the settlement summary once it is accepted). */}
        {typeof footer === 'function' ? footer(report.data) : footer}
      </>
    );

  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Note de frais
        </h2>
        {report.data ? <ReportStatusBadge status={report.data.report_status} /> : null}
      </div>
      {body}
      <Modal
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        title={opened?.receipt?.display_name}
      >
        {opened ? <FullReceipt expense={opened} /> : null}
      </Modal>
    </section>
  );
}

/** The distinct comments the reviewers left on the report's expenses, oldest answer first. */
export function reviewComments(report: TExpenseReport): string[] {
  return [...new Set(report.expenses.flatMap((e) => (e.review_comment ? [e.review_comment] : [])))];
}

/** "3 dépenses", "1 dépense". */
export function expenseCount(count: number): string {
  return `${count} dépense${count > 1 ? 's' : ''}`;
}
