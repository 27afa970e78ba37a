import { IconEdit, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import type { TGroup } from '@tasbiq/contracts/groups';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format/count.ts';
import { useReveal } from '../../lib/hooks/use-reveal.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useGroupsQuery } from './api/get-groups.ts';
import { CreateGroupDialog } from './components/create-group-dialog.tsx';
import { DeleteGroupDialog } from './components/delete-group-dialog.tsx';
import { RenameGroupDialog } from './components/rename-group-dialog.tsx';

function employeeCountText(count: number): string {
  return formatCount(count, 'salarié', 'salariés', 'Aucun salarié');
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; group: TGroup }
  | { kind: 'delete'; group: TGroup }
  | null;

/** /rh/groups: the company's groups with their head counts; create, rename, delete. */
export function GroupsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<{ text: string; takesFocus: boolean } | null>(null);
  // After a deletion the row and its button (which had the focus) are gone: the notice takes it.
  const noticeRef = useReveal<HTMLDivElement>(notice?.takesFocus ? notice : null);
  const groups = useGroupsQuery({ search, limit, offset });

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const done = (message: string, takesFocus = false) => {
    setDialog(null);
    setNotice({ text: message, takesFocus });
  };

  const page = groups.data;
  let body: ReactNode;
  if (groups.isPending) body = <Spinner isBlock label="Chargement des groupes" />;
  else if (groups.isError)
    body = (
      <LoadErrorState
        title="Les groupes n'ont pas pu être chargés."
        error={groups.error}
        onRetry={() => groups.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = search ? (
      <EmptyState title="Aucun groupe ne correspond à cette recherche." />
    ) : (
      <EmptyState
        icon={<IconUsersGroup aria-hidden="true" />}
        title="Aucun groupe pour le moment."
        description="Regroupez vos salariés (par site, service ou catégorie) pour appliquer des règles par groupe."
        action={<Button label="Créer un groupe" onClick={() => setDialog({ kind: 'create' })} />}
      />
    );
  else if (page)
    body = (
      <ul className="divide-y divide-gray-100" aria-label="Groupes">
        {page.results.map((group) => (
          <li
            key={group.id}
            className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="truncate font-medium text-gray-900">{group.name}</p>
              <Link
                to={`/rh/employees?group=${group.id}`}
                className="text-sm text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {employeeCountText(group.employee_count)}
                <span className="sr-only"> du groupe {group.name} : voir la liste</span>
              </Link>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button
                variant="secondary"
                size="sm"
                label="Renommer"
                icon={<IconEdit aria-hidden="true" />}
                iconPosition="left"
                aria-label={`Renommer le groupe ${group.name}`}
                onClick={() => setDialog({ kind: 'rename', group })}
              />
              <Button
                variant="secondary"
                size="sm"
                label="Supprimer"
                icon={<IconTrash aria-hidden="true" />}
                iconPosition="left"
                aria-label={`Supprimer le groupe ${group.name}`}
                className="text-red-700 ring-red-200 hover:bg-red-50"
                onClick={() => setDialog({ kind: 'delete', group })}
              />
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Groupes"
        subtitle="Les groupes servent à filtrer les salariés et à appliquer des règles par groupe."
        actions={
          <Button
            label="Nouveau groupe"
            icon={<IconPlus aria-hidden="true" />}
            iconPosition="left"
            onClick={() => {
              setNotice(null);
              setDialog({ kind: 'create' });
            }}
          />
        }
      />
      {notice ? (
        <MessageBox ref={noticeRef} focusable={notice.takesFocus} severity="success">
          {notice.text}
        </MessageBox>
      ) : null}
      <SearchField
        className="max-w-md"
        label="Rechercher un groupe"
        placeholder="Rechercher un groupe"
        value={search}
        onSearch={(next) => {
          setSearch(next);
          setOffset(0);
        }}
      />
      <section
        aria-label="Liste des groupes"
        aria-busy={groups.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {page ? (
        <Pagination
          label="Pagination des groupes"
          count={page.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={groups.isFetching}
        />
      ) : null}

      {dialog?.kind === 'create' ? (
        <CreateGroupDialog
          open
          onOpenChange={closeDialog}
          onCreated={(group) =>
            done(
              `Le groupe « ${group.name} » a été créé${group.employee_count > 0 ? ` avec ${employeeCountText(group.employee_count).toLowerCase()}` : ''}.`,
            )
          }
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <RenameGroupDialog
          group={dialog.group}
          onOpenChange={closeDialog}
          onRenamed={(group) => done(`Le groupe a été renommé « ${group.name} ».`)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteGroupDialog
          group={dialog.group}
          onOpenChange={closeDialog}
          onDeleted={(group) => {
            done(`Le groupe « ${group.name} » a été supprimé.`, true);
            // The last item of a page gone: step back so the page is not empty.
            if (page && page.results.length === 1 && offset > 0) setOffset(Math.max(0, offset - limit));
          }}
        />
      ) : null}
    </div>
  );
}
