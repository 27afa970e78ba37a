import { IconPlus, IconReceipt, IconTrash } from '@tabler/icons-react';
import type { TExpense } from '@tasbiq/contracts/expenses';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { useExpensesQuery } from './api/list-expenses.ts';
import { useBulkDeleteExpensesMutation, useDeleteExpenseMutation } from './api/save-expense.ts';
import { ExpenseForm } from './components/expense-form.tsx';
import { OpenReports } from './components/open-reports.tsx';
import { FullReceipt, ReceiptThumbnail } from './components/receipt-thumbnail.tsx';
import { ExpenseStatusBadge } from './components/status-badges.tsx';
import { formatExpenseDay as formatDay, formatExpenseAmount } from './format-expense.ts';

const PAGE = 20;

type ItemProps = {
  expense: TExpense;
  isSelected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  onOpenReceipt: () => void;
};

function ExpenseItem({ expense, isSelected, onSelect, onEdit, onDelete, onOpenReceipt }: ItemProps) {
  const editable = expense.status === 'draft' || expense.status === 'returned';
  const checkboxId = `expense-${expense.id}-select`;
  return (
    <li className="flex gap-3 px-4 py-3 sm:px-6">
      {expense.status === 'draft' ? (
        <input
          id={checkboxId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Sélectionner ${expense.title}`}
        />
      ) : (
        <span className="size-5 shrink-0" />
      )}
      <ReceiptThumbnail expense={expense} onOpen={onOpenReceipt} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 truncate font-medium text-gray-900">{expense.title}</p>
          <p className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
            {formatExpenseAmount(expense.amount)}
          </p>
        </div>
        <p className="text-sm text-gray-600">
          {expense.category_label} ·{' '}
          <time dateTime={expense.expense_date}>{formatDay(expense.expense_date)}</time>
          {expense.guests > 0 ? ` · ${expense.guests} invité${expense.guests > 1 ? 's' : ''}` : ''}
        </p>
        {expense.refundable_amount !== null ? (
          <p className="text-sm text-gray-700">
            Remboursable : {formatExpenseAmount(expense.refundable_amount)}
            {expense.ceiling ? ` (plafond ${formatExpenseAmount(expense.ceiling)})` : ' (sans plafond)'}
            {expense.refund_reason_label ? ` — ${expense.refund_reason_label}` : ''}
          </p>
        ) : null}
        {expense.review_comment ? (
          <p className="text-sm text-amber-800">Commentaire : {expense.review_comment}</p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <ExpenseStatusBadge status={expense.status} />
          {editable ? (
            <>
              <Button size="sm" variant="tertiary" label="Modifier" onClick={onEdit} />
              <Button size="sm" variant="tertiary" label="Supprimer" onClick={onDelete} />
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * /expenses (spec §2, issue 15): the employee's receipts. Photograph one, the form comes back
 * pre-filled by the OCR, confirm and save a draft; drafts are edited, deleted one by one or
 * together; each expense shows its ceiling and what is refunded.
 */
export function ExpensesScreen() {
  const [offset, setOffset] = useState(0);
  const expenses = useExpensesQuery({ limit: PAGE, offset });
  const remove = useDeleteExpenseMutation();
  const bulkDelete = useBulkDeleteExpensesMutation();
  const [editing, setEditing] = useState<TExpense | 'new' | null>(null);
  const [opened, setOpened] = useState<TExpense | null>(null);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  let body: ReactNode;
  if (expenses.isPending) body = <Spinner label="Chargement des dépenses…" isBlock />;
  else if (expenses.isError)
    body = (
      <LoadErrorState
        title="Les dépenses n’ont pas pu être chargées."
        error={expenses.error}
        onRetry={() => expenses.refetch()}
      />
    );
  else if (expenses.data.results.length === 0)
    body = (
      <EmptyState
        icon={<IconReceipt aria-hidden="true" className="size-10" />}
        title="Aucune dépense pour l’instant"
        description="Photographiez vos justificatifs au fil du déplacement : ils restent en brouillon jusqu’à l’envoi de la note."
      />
    );
  else
    body = (
      <>
        <ul className="divide-y divide-gray-200 rounded-2xl bg-white ring-1 ring-gray-200">
          {expenses.data.results.map((expense) => (
            <ExpenseItem
              key={expense.id}
              expense={expense}
              isSelected={selected.has(expense.id)}
              onSelect={(on) => toggle(expense.id, on)}
              onEdit={() => setEditing(expense)}
              onOpenReceipt={() => setOpened(expense)}
              onDelete={() =>
                remove.mutate(expense.id, {
                  onSuccess: () => setNotice({ tone: 'success', text: 'La dépense a été supprimée.' }),
                  onError: (error) => setNotice({ tone: 'danger', text: errorMessage(error) }),
                })
              }
            />
          ))}
        </ul>
        <Pagination
          count={expenses.data.count}
          limit={PAGE}
          offset={offset}
          onOffsetChange={setOffset}
          label="Pagination des dépenses"
        />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageTitle
        title="Notes de frais"
        subtitle="Vos justificatifs, du brouillon au remboursement."
        actions={
          <Button
            icon={<IconPlus aria-hidden="true" />}
            iconPosition="left"
            label="Ajouter une dépense"
            onClick={() => setEditing('new')}
          />
        }
      />
      {notice ? <MessageBox severity={notice.tone}>{notice.text}</MessageBox> : null}
      <OpenReports
        selected={[...selected]}
        onAssigned={(text) => {
          setSelected(new Set());
          setNotice({ tone: 'success', text });
        }}
        onError={(text) => setNotice({ tone: 'danger', text })}
      />
      {selected.size > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-gray-50 px-4 py-2 ring-1 ring-gray-200">
          <p className="text-sm text-gray-800">
            {selected.size} brouillon{selected.size > 1 ? 's' : ''} sélectionné{selected.size > 1 ? 's' : ''}
          </p>
          <Button
            size="sm"
            variant="danger"
            icon={<IconTrash aria-hidden="true" />}
            iconPosition="left"
            label="Supprimer la sélection"
            loading={bulkDelete.isPending}
            onClick={() =>
              bulkDelete.mutate([...selected], {
                onSuccess: (result) => {
                  setSelected(new Set());
                  setNotice({
                    tone: 'success',
                    text: `${result.deleted} brouillon${result.deleted > 1 ? 's supprimés' : ' supprimé'}.`,
                  });
                },
                onError: (error) => setNotice({ tone: 'danger', text: errorMessage(error) }),
              })
            }
          />
        </div>
      ) : null}
      {body}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        align="bottom"
        aria-label="Dépense"
      >
        {editing ? (
          <ExpenseForm
            expense={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setNotice({
                tone: 'success',
                text: editing === 'new' ? 'Brouillon enregistré.' : 'Dépense modifiée.',
              });
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
      <Modal
        open={opened !== null}
        onOpenChange={(open) => !open && setOpened(null)}
        title={opened?.receipt?.display_name}
      >
        {opened ? <FullReceipt expense={opened} /> : null}
      </Modal>
    </div>
  );
}
