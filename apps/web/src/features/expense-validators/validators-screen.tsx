import { IconPlus, IconUserCheck, IconUserMinus } from '@tabler/icons-react';
import type { TExpenseValidator } from '@tasbiq/contracts/expense-validators';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useReveal } from '../../lib/hooks/use-reveal.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useValidatorsQuery } from './api/get-validators.ts';
import { AddValidatorDialog } from './components/add-validator-dialog.tsx';
import { RemoveValidatorDialog } from './components/remove-validator-dialog.tsx';

type Dialog = { kind: 'add' } | { kind: 'remove'; validator: TExpenseValidator } | null;

const nameOf = (validator: TExpenseValidator) => `${validator.first_name} ${validator.last_name}`.trim();

/** /rh/validators (RH and DRH, expenses feature): who validates mission orders and expenses. */
export function ValidatorsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<{ text: string; takesFocus: boolean } | null>(null);
  // After a removal the row and its button (which had the focus) are gone: the notice takes it.
  const noticeRef = useReveal<HTMLDivElement>(notice?.takesFocus ? notice : null);
  const validators = useValidatorsQuery({ limit, offset });
  const page = validators.data;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const openAdd = () => {
    setNotice(null);
    setDialog({ kind: 'add' });
  };

  let body: ReactNode;
  if (validators.isPending) body = <Spinner isBlock label="Chargement des valideurs" />;
  else if (validators.isError)
    body = (
      <LoadErrorState
        title="Les valideurs n'ont pas pu être chargés."
        error={validators.error}
        onRetry={() => validators.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = (
      <EmptyState
        icon={<IconUserCheck aria-hidden="true" />}
        title="Aucun valideur pour le moment."
        description="Sans valideur, seuls les RH valident les ordres de mission et les notes de frais."
        action={<Button label="Ajouter un valideur" onClick={openAdd} />}
      />
    );
  else if (page)
    body = (
      <ul className="divide-y divide-gray-100" aria-label="Valideurs">
        {page.results.map((validator) => (
          <li
            key={validator.id}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="truncate font-medium text-gray-900">{nameOf(validator)}</p>
              <p className="truncate text-sm text-gray-600">
                {[validator.group_name ?? 'Sans groupe', validator.email].filter(Boolean).join(' · ')}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              label="Retirer"
              icon={<IconUserMinus aria-hidden="true" />}
              iconPosition="left"
              aria-label={`Retirer ${nameOf(validator)} des valideurs`}
              className="shrink-0 text-red-700 ring-red-200 hover:bg-red-50"
              onClick={() => setDialog({ kind: 'remove', validator })}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Valideurs"
        subtitle="Les salariés qui approuvent, renvoient ou refusent les ordres de mission et les notes de frais de tous, jamais les leurs."
        actions={
          <Button
            label="Ajouter un valideur"
            icon={<IconPlus aria-hidden="true" />}
            iconPosition="left"
            onClick={openAdd}
          />
        }
      />
      {notice ? (
        <MessageBox ref={noticeRef} focusable={notice.takesFocus} severity="success">
          {notice.text}
        </MessageBox>
      ) : null}
      <section
        aria-label="Liste des valideurs"
        aria-busy={validators.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {page ? (
        <Pagination
          label="Pagination des valideurs"
          count={page.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={validators.isFetching}
        />
      ) : null}
      {dialog?.kind === 'add' ? (
        <AddValidatorDialog
          validatorIds={new Set(page?.results.map((validator) => validator.employee) ?? [])}
          onOpenChange={close}
          onAdded={(validator) => {
            setDialog(null);
            setNotice({ text: `${nameOf(validator)} est maintenant valideur.`, takesFocus: false });
          }}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveValidatorDialog
          validator={dialog.validator}
          onOpenChange={close}
          onRemoved={(validator) => {
            setDialog(null);
            setNotice({ text: `${nameOf(validator)} n'est plus valideur.`, takesFocus: true });
            if (page && page.results.length === 1 && offset > 0) setOffset(Math.max(0, offset - limit));
          }}
        />
      ) : null}
    </div>
  );
}
