import { IconPlus, IconReceipt } from '@tabler/icons-react';
import type { TExpense, TExpenseReport } from '@tasbiq/contracts/expenses';
import type { TMissionOrderDetails } from '@tasbiq/contracts/mission-orders';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { useAssignableExpensesQuery } from '../api/list-assignable-expenses.ts';
import { useDeleteExpenseMutation } from '../api/save-expense.ts';
import { useAssignExpensesMutation, useSendReportMutation } from '../api/send-report.ts';
import { formatExpenseAmount, formatExpenseDay, sumExpenseAmounts } from '../format-expense.ts';
import { ExpenseForm } from './expense-form.tsx';
import { ReportConfirmDialog } from './report-confirm-dialog.tsx';
import { ReportExpenseCard } from './report-expense-card.tsx';
import {
  expenseCount,
  type ReportFooter,
  ReportSectionFrame,
  reviewComments,
} from './report-section-frame.tsx';

type Notice = { tone: 'success' | 'danger'; text: string };
type Dialog =
  | { kind: 'send' }
  | { kind: 'new' }
  | { kind: 'edit'; expense: TExpense }
  | { kind: 'delete'; expense: TExpense };

const isCorrectable = (expense: TExpense) => expense.status === 'draft' || expense.status === 'returned';

/**
 * The employee's report on /missionorders/{id} (issue 15), for their own approved order: the
 * expenses with their status (and, once answered, the ceiling and the refund), the drafts from
 * /expenses to add, a new expense, and the report sent for validation after a confirmation. A
 * returned report is corrected (its returned expenses edited or deleted, others added) and sent
 * again. `footer` takes what follows the report (the settlement summary).
 */
export function OrderReportSection({
  order,
  footer,
}: {
  order: TMissionOrderDetails;
  footer?: ReportFooter;
}) {
  return (
    <ReportSectionFrame orderId={order.id} footer={footer}>
      {(report, openReceipt) => <OwnerReport order={order} report={report} openReceipt={openReceipt} />}
    </ReportSectionFrame>
  );
}

function OwnerReport({
  order,
  report,
  openReceipt,
}: {
  order: TMissionOrderDetails;
  report: TExpenseReport;
  openReceipt: (expense: TExpense) => void;
}) {
  const send = useSendReportMutation();
  const remove = useDeleteExpenseMutation();
  const assign = useAssignExpensesMutation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const isOpen = report.report_status === 'draft' || report.report_status === 'returned';
  const toSend = report.expenses.filter(isCorrectable);
  const comments = reviewComments(report);
  const close = () => setDialog(null);

  return (
    <>
      <StatusMessage status={report.report_status} comments={comments} />
      {notice ? <MessageBox severity={notice.tone}>{notice.text}</MessageBox> : null}
      {report.expenses.length === 0 ? (
        <EmptyState
          icon={<IconReceipt aria-hidden="true" className="size-10" />}
          title="Aucune dépense dans cette note de frais"
          description={
            isOpen
              ? 'Ajoutez vos justificatifs dont la date tombe pendant la mission, puis envoyez la note.'
              : undefined
          }
        />
      ) : (
        <ul aria-label="Dépenses de la note de frais" className="flex flex-col divide-y divide-gray-100">
          {report.expenses.map((expense) => (
            <li key={expense.id} className="py-3 first:pt-0">
              <ReportExpenseCard
                expense={expense}
                showRefund={expense.status === 'accepted' || expense.status === 'rejected'}
                onOpenReceipt={() => openReceipt(expense)}
                actions={
                  isOpen && isCorrectable(expense) ? (
                    <>
                      <Button
                        size="sm"
                        variant="tertiary"
                        label="Modifier"
                        aria-label={`Modifier ${expense.title}`}
                        onClick={() => setDialog({ kind: 'edit', expense })}
                      />
                      <Button
                        size="sm"
                        variant="tertiary"
                        label="Supprimer"
                        aria-label={`Supprimer ${expense.title}`}
                        onClick={() => setDialog({ kind: 'delete', expense })}
                      />
                    </>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      {isOpen ? (
        <>
          <AddDrafts order={order} onNotice={setNotice} />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button
              variant="secondary"
              icon={<IconPlus aria-hidden="true" />}
              iconPosition="left"
              label="Nouvelle dépense"
              onClick={() => setDialog({ kind: 'new' })}
            />
            {toSend.length > 0 ? (
              <Button
                label={
                  report.report_status === 'returned'
                    ? 'Renvoyer la note de frais'
                    : 'Envoyer la note de frais'
                }
                onClick={() => {
                  send.reset();
                  setDialog({ kind: 'send' });
                }}
              />
            ) : null}
          </div>
        </>
      ) : null}

      {dialog?.kind === 'send' ? (
        <ReportConfirmDialog
          title="Envoyer la note de frais ?"
          confirmLabel="Envoyer"
          isPending={send.isPending}
          error={send.error}
          onCancel={close}
          onConfirm={() =>
            send.mutate(order.id, {
              onSuccess: () => {
                close();
                setNotice({ tone: 'success', text: 'La note de frais a été envoyée pour validation.' });
              },
            })
          }
        >
          {toSend.length > 1
            ? `Les ${toSend.length} dépenses à envoyer (${formatExpenseAmount(sumExpenseAmounts(toSend.map((e) => e.amount)))}) partiront en validation : vous ne pourrez plus les modifier, sauf si elles vous sont retournées.`
            : `La dépense à envoyer (${formatExpenseAmount(toSend[0]?.amount ?? '0.00')}) partira en validation : vous ne pourrez plus la modifier, sauf si elle vous est retournée.`}
        </ReportConfirmDialog>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ReportConfirmDialog
          title="Supprimer cette dépense ?"
          confirmLabel="Supprimer"
          confirmVariant="danger"
          isPending={remove.isPending}
          error={remove.error}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(dialog.expense.id, {
              onSuccess: () => {
                close();
                setNotice({
                  tone: 'success',
                  text: `La dépense « ${dialog.expense.title} » a été supprimée.`,
                });
              },
            })
          }
        >
          « {dialog.expense.title} » ({formatExpenseAmount(dialog.expense.amount)}) et son justificatif seront
          supprimés.
        </ReportConfirmDialog>
      ) : null}
      <Modal
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && close()}
        align="bottom"
        aria-label="Dépense"
      >
        {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
          <ExpenseForm
            expense={dialog.kind === 'edit' ? dialog.expense : undefined}
            onCancel={close}
            onDone={(saved) => {
              close();
              if (dialog.kind === 'edit') {
                setNotice({ tone: 'success', text: 'Dépense modifiée.' });
                return;
              }
              // A new expense is a draft first; it joins this report at once when its date allows.
              assign.mutate(
                { orderId: order.id, expenses: [saved.id] },
                {
                  onSuccess: () =>
                    setNotice({
                      tone: 'success',
                      text: `« ${saved.title} » a été ajoutée à la note de frais.`,
                    }),
                  onError: (error) =>
                    setNotice({
                      tone: 'danger',
                      text: `« ${saved.title} » est enregistrée en brouillon mais n’a pas été ajoutée : ${errorMessage(error)}`,
                    }),
                },
              );
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function StatusMessage({ status, comments }: { status: string; comments: string[] }) {
  const said =
    comments.length > 0 ? (
      <ul className="mt-1 flex flex-col gap-0.5">
        {comments.map((comment) => (
          <li key={comment} className="break-words">
            Commentaire du valideur : « {comment} »
          </li>
        ))}
      </ul>
    ) : null;
  if (status === 'pending')
    return (
      <MessageBox severity="info">
        Votre note de frais est en cours de validation.
        {said}
      </MessageBox>
    );
  if (status === 'returned')
    return (
      <MessageBox severity="warning">
        Votre note de frais vous a été retournée : corrigez les dépenses « À corriger » (modifiez-les,
        supprimez-les ou ajoutez-en), puis renvoyez-la.
        {said}
      </MessageBox>
    );
  if (status === 'accepted')
    return (
      <MessageBox severity="success">
        Votre note de frais a été acceptée.
        {said}
      </MessageBox>
    );
  if (status === 'rejected')
    return (
      <MessageBox severity="danger">
        Votre note de frais a été refusée.
        {said}
      </MessageBox>
    );
  return null;
}

/** The employee's drafts in no report yet: those dated within the mission can be added. */
function AddDrafts({ order, onNotice }: { order: TMissionOrderDetails; onNotice: (notice: Notice) => void }) {
  const titleId = useId();
  const drafts = useAssignableExpensesQuery();
  const assign = useAssignExpensesMutation();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const inMission = (expense: TExpense) =>
    expense.expense_date >= order.start_date && expense.expense_date <= order.end_date;

  if (drafts.isPending) return <Spinner label="Chargement de vos brouillons…" isBlock />;
  if (drafts.isError)
    return (
      <MessageBox severity="danger">
        Vos brouillons n’ont pas pu être chargés : {errorMessage(drafts.error)}
      </MessageBox>
    );
  const list = drafts.data.results;
  if (list.length === 0)
    return (
      <p className="text-sm text-gray-600">
        Aucun brouillon à ajouter : photographiez vos justificatifs depuis « Nouvelle dépense » ou la page
        Notes de frais.
      </p>
    );
  const chosen = list.filter((e) => selected.has(e.id)).map((e) => e.id);

  return (
    <fieldset className="min-w-0 rounded-xl bg-gray-50 p-3 ring-1 ring-gray-200">
      <legend className="float-left mb-2 w-full font-medium text-gray-900">Ajouter mes brouillons</legend>
      <ul className="clear-left mb-2 flex flex-col gap-2">
        {list.map((expense) => {
          const isInMission = inMission(expense);
          const inputId = `${titleId}-${expense.id}`;
          return (
            <li key={expense.id} className="flex items-start gap-2">
              <input
                id={inputId}
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
                checked={selected.has(expense.id)}
                disabled={!isInMission}
                aria-describedby={isInMission ? undefined : `${inputId}-outside`}
                onChange={(event) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(expense.id);
                    else next.delete(expense.id);
                    return next;
                  })
                }
              />
              <label htmlFor={inputId} className="min-w-0 flex-1 text-sm text-gray-800">
                <span className="font-medium break-words">{expense.title}</span> ·{' '}
                {formatExpenseDay(expense.expense_date)} ·{' '}
                <span className="whitespace-nowrap tabular-nums">{formatExpenseAmount(expense.amount)}</span>
                {isInMission ? null : (
                  <span id={`${inputId}-outside`} className="block text-gray-600">
                    Hors des dates de la mission
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          size="sm"
          label={chosen.length > 0 ? `Ajouter la sélection (${chosen.length})` : 'Ajouter la sélection'}
          disabled={chosen.length === 0}
          loading={assign.isPending}
          onClick={() =>
            assign.mutate(
              { orderId: order.id, expenses: chosen },
              {
                onSuccess: () => {
                  setSelected(new Set());
                  onNotice({
                    tone: 'success',
                    text: `${expenseCount(chosen.length)} ajoutée${chosen.length > 1 ? 's' : ''} à la note de frais.`,
                  });
                },
                onError: (error) => onNotice({ tone: 'danger', text: errorMessage(error) }),
              },
            )
          }
        />
      </div>
    </fieldset>
  );
}
