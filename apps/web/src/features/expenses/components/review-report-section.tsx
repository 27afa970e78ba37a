import { IconReceipt } from '@tabler/icons-react';
import type { TExpense, TExpenseReport, TReportReply } from '@tasbiq/contracts/expenses';
import type { TMissionOrderDetails } from '@tasbiq/contracts/mission-orders';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { useApproveExpensesMutation, useReplyAllExpensesMutation } from '../api/review-report.ts';
import { formatExpenseAmount, sumExpenseAmounts } from '../format-expense.ts';
import { ReportConfirmDialog } from './report-confirm-dialog.tsx';
import { ReportExpenseCard } from './report-expense-card.tsx';
import {
  expenseCount,
  type ReportFooter,
  ReportSectionFrame,
  reviewComments,
} from './report-section-frame.tsx';

type Decision = { kind: 'selection' } | { kind: 'all'; reply: TReportReply };

const REPLY_TEXTS: Record<
  TReportReply,
  {
    button: string;
    title: string;
    confirm: string;
    done: string;
    variant: 'primary' | 'secondary' | 'danger';
  }
> = {
  approve: {
    button: 'Tout approuver',
    title: 'Approuver toute la note de frais ?',
    confirm: 'Approuver',
    done: 'Les dépenses en attente ont été approuvées.',
    variant: 'primary',
  },
  return: {
    button: 'Tout retourner',
    title: 'Retourner la note de frais ?',
    confirm: 'Retourner',
    done: 'La note de frais a été retournée au salarié pour correction.',
    variant: 'secondary',
  },
  reject: {
    button: 'Tout refuser',
    title: 'Refuser la note de frais ?',
    confirm: 'Refuser',
    done: 'Les dépenses en attente ont été refusées.',
    variant: 'danger',
  },
};

/**
 * A reviewer's view of an order's report (issue 15), on /rh/missionorders/{id} and for a
 * validator on /missionorders/{id}: every expense with its amount, ceiling and refund; the sent
 * ones can be selected and approved, or all approved, rejected or returned with a comment, after
 * a confirmation. Never on one's own report: the actions are hidden there (and the API refuses
 * with REPORT_OWN, whose French message the dialog shows). `footer` takes what follows the report.
 */
export function ReviewReportSection({
  order,
  footer,
}: {
  order: TMissionOrderDetails;
  footer?: ReportFooter;
}) {
  return (
    <ReportSectionFrame orderId={order.id} footer={footer}>
      {(report, openReceipt) => <Review order={order} report={report} openReceipt={openReceipt} />}
    </ReportSectionFrame>
  );
}

function Review({
  order,
  report,
  openReceipt,
}: {
  order: TMissionOrderDetails;
  report: TExpenseReport;
  openReceipt: (expense: TExpense) => void;
}) {
  const approve = useApproveExpensesMutation();
  const replyAll = useReplyAllExpensesMutation();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [decision, setDecision] = useState<Decision | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const waiting = report.expenses.filter((e) => e.status === 'sent');
  const canAct = !order.is_own && report.report_status === 'pending' && waiting.length > 0;
  const chosen = waiting.filter((e) => selected.has(e.id));
  const comments = reviewComments(report);
  const mutation = decision?.kind === 'selection' ? approve : replyAll;

  const open = (next: Decision) => {
    approve.reset();
    replyAll.reset();
    setNotice(null);
    setDecision(next);
  };
  const done = (text: string) => {
    setDecision(null);
    setSelected(new Set());
    setNotice(text);
  };

  return (
    <>
      {order.is_own ? (
        <MessageBox severity="info">
          C’est votre propre note de frais : un autre valideur ou les RH la valideront.
        </MessageBox>
      ) : null}
      {!order.is_own && report.report_status === 'draft' ? (
        <MessageBox severity="info">Le salarié n’a pas encore envoyé sa note de frais.</MessageBox>
      ) : null}
      {!order.is_own && report.report_status === 'returned' ? (
        <MessageBox severity="warning">
          La note de frais a été retournée au salarié : elle reviendra ici une fois corrigée et renvoyée.
        </MessageBox>
      ) : null}
      {comments.length > 0 && report.report_status !== 'pending' ? (
        <ul className="flex flex-col gap-0.5 text-sm text-gray-800">
          {comments.map((comment) => (
            <li key={comment} className="break-words">
              Commentaire : « {comment} »
            </li>
          ))}
        </ul>
      ) : null}
      {notice ? <MessageBox severity="success">{notice}</MessageBox> : null}
      {report.expenses.length === 0 ? (
        <EmptyState
          icon={<IconReceipt aria-hidden="true" className="size-10" />}
          title="Aucune dépense dans cette note de frais"
        />
      ) : (
        <ul aria-label="Dépenses de la note de frais" className="flex flex-col divide-y divide-gray-100">
          {report.expenses.map((expense) => (
            <li key={expense.id} className="py-3 first:pt-0">
              <ReportExpenseCard
                expense={expense}
                showRefund
                onOpenReceipt={() => openReceipt(expense)}
                selection={
                  canAct && expense.status === 'sent'
                    ? {
                        isSelected: selected.has(expense.id),
                        onChange: (on) =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (on) next.add(expense.id);
                            else next.delete(expense.id);
                            return next;
                          }),
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {canAct ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            label={chosen.length > 0 ? `Approuver la sélection (${chosen.length})` : 'Approuver la sélection'}
            disabled={chosen.length === 0}
            onClick={() => open({ kind: 'selection' })}
          />
          {(['approve', 'return', 'reject'] as const).map((reply) => (
            <Button
              key={reply}
              variant={reply === 'approve' ? 'secondary' : REPLY_TEXTS[reply].variant}
              label={REPLY_TEXTS[reply].button}
              onClick={() => open({ kind: 'all', reply })}
            />
          ))}
        </div>
      ) : null}

      {decision?.kind === 'selection' ? (
        <ReportConfirmDialog
          title="Approuver la sélection ?"
          confirmLabel="Approuver"
          comment="optional"
          isPending={approve.isPending}
          error={mutation.error}
          onCancel={() => setDecision(null)}
          onConfirm={(comment) =>
            approve.mutate(
              { orderId: order.id, expenses: chosen.map((e) => e.id), comment },
              {
                onSuccess: () =>
                  done(
                    `${expenseCount(chosen.length)} approuvée${chosen.length > 1 ? 's' : ''}. Les autres attendent votre réponse.`,
                  ),
              },
            )
          }
        >
          {expenseCount(chosen.length)} pour{' '}
          {formatExpenseAmount(sumExpenseAmounts(chosen.map((e) => e.amount)))}{' '}
          {chosen.length > 1 ? 'seront acceptées' : 'sera acceptée'}, remboursables dans la limite des
          plafonds. Les autres dépenses restent en attente.
        </ReportConfirmDialog>
      ) : null}
      {decision?.kind === 'all' ? (
        <ReportConfirmDialog
          title={REPLY_TEXTS[decision.reply].title}
          confirmLabel={REPLY_TEXTS[decision.reply].confirm}
          confirmVariant={decision.reply === 'reject' ? 'danger' : 'primary'}
          comment={decision.reply === 'approve' ? 'optional' : 'required'}
          isPending={replyAll.isPending}
          error={mutation.error}
          onCancel={() => setDecision(null)}
          onConfirm={(comment) =>
            replyAll.mutate(
              { orderId: order.id, reply: decision.reply, comment },
              { onSuccess: () => done(REPLY_TEXTS[decision.reply].done) },
            )
          }
        >
          {replyConsequence(decision.reply, waiting.length)}
        </ReportConfirmDialog>
      ) : null}
    </>
  );
}

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

/** "La dépense en attente sera retournée…", "Les 3 dépenses en attente seront refusées…". */
function replyConsequence(reply: TReportReply, count: number): string {
  const subject = count > 1 ? `Les ${count} dépenses en attente` : 'La dépense en attente';
  if (reply === 'approve')
    return `${subject} ${plural(count, 'sera acceptée, remboursable', 'seront acceptées, remboursables')} dans la limite des plafonds.`;
  if (reply === 'return')
    return `${subject} ${plural(count, 'sera retournée', 'seront retournées')} au salarié pour correction.`;
  return `${subject} ${plural(count, 'sera refusée et ne sera pas remboursée', 'seront refusées et ne seront pas remboursées')}.`;
}
