import { IconSearch, IconTrash } from '@tabler/icons-react';
import type { TSignupIdentity } from '@tasbiq/contracts/signup';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable } from '../../../components/ui/responsive-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cx } from '../../../lib/cx.ts';
import { useReveal } from '../../../lib/hooks/use-reveal.ts';
import { useReadySession } from '../../session/ready-session.tsx';
import { useIdentitiesQuery } from '../api/get-identities.ts';
import { formatDay, formatIsoDay } from '../format.ts';
import { DeleteIdentityDialog } from './delete-identity-dialog.tsx';

type UsedFilter = 'all' | 'unused' | 'used';
const USED_FILTER: Record<UsedFilter, boolean | undefined> = { all: undefined, unused: false, used: true };

function UsedBadge({ isUsed }: { isUsed: boolean }) {
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
        isUsed ? 'bg-emerald-50 text-emerald-800' : 'bg-gray-100 text-gray-700',
      )}
    >
      {isUsed ? 'Utilisée' : 'Disponible'}
    </span>
  );
}

function EmployeeCell({ identity }: { identity: TSignupIdentity }) {
  if (!identity.employee) return <span className="text-gray-500">—</span>;
  const { id, first_name: firstName, last_name: lastName } = identity.employee;
  return (
    <Link
      to={`/rh/employees/${id}`}
      className="font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {firstName} {lastName}
    </Link>
  );
}

/** The company's identities: search by matricule, filter on the used flag, pages, delete. */
export function IdentityList() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const searchId = useId();
  const filterId = useId();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<UsedFilter>('all');
  const [offset, setOffset] = useState(0);
  const [toDelete, setToDelete] = useState<TSignupIdentity | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const deletedRef = useReveal<HTMLDivElement>(deleted);
  const listRef = useRef<HTMLDivElement>(null);
  const deferredSearch = useDeferredValue(search);
  const query = useIdentitiesQuery({ search: deferredSearch, isUsed: USED_FILTER[filter], limit, offset });
  const data = query.data;

  const isFiltered = search.trim() !== '' || filter !== 'all';

  const deleteButton = (identity: TSignupIdentity) =>
    identity.is_used ? null : (
      <Button
        size="sm"
        variant="tertiary"
        icon={<IconTrash aria-hidden="true" />}
        aria-label={`Supprimer l'identité ${identity.serial}`}
        onClick={() => {
          setDeleted(null);
          setToDelete(identity);
        }}
      />
    );

  return (
    <section
      aria-labelledby={`${searchId}-title`}
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={`${searchId}-title`} className="text-lg font-semibold text-gray-900">
        Identités enregistrées
        {data ? <span className="ml-2 text-sm font-normal text-gray-500">({data.count})</span> : null}
      </h2>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-gray-800">
            Rechercher un matricule
          </label>
          <div className="relative">
            <IconSearch
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setOffset(0);
              }}
              className={cx(inputClassName, 'pl-10')}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-48">
          <label htmlFor={filterId} className="text-sm font-medium text-gray-800">
            État
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as UsedFilter);
              setOffset(0);
            }}
            className={inputClassName}
          >
            <option value="all">Toutes</option>
            <option value="unused">Disponibles</option>
            <option value="used">Utilisées</option>
          </select>
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-3">
        {deleted ? (
          // The deleted row (and its button, which had the focus) is gone: the focus comes here.
          <MessageBox ref={deletedRef} focusable severity="success">
            L'identité {deleted} a été supprimée.
          </MessageBox>
        ) : null}
        {query.isPending ? <Spinner isBlock label="Chargement des identités…" /> : null}
        {query.isError ? (
          <LoadErrorState
            title="Impossible de charger les identités"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : null}
        {data && data.results.length === 0 ? (
          <EmptyState
            title={isFiltered ? 'Aucune identité ne correspond' : 'Aucune identité pour le moment'}
            description={
              isFiltered
                ? 'Modifiez la recherche ou le filtre.'
                : 'Importez un fichier CSV ci-dessus pour permettre à vos salariés de s’inscrire.'
            }
          />
        ) : null}
        {data && data.results.length > 0 ? (
          // Cards on phones, a table from md up: six columns do not fit a 360 px screen (issue 10).
          <div
            ref={listRef}
            className={cx('rounded-xl ring-1 ring-gray-200', query.isPlaceholderData && 'opacity-60')}
          >
            <ResponsiveTable
              label="Identités enregistrées"
              items={data.results}
              keyOf={(identity) => identity.id}
              card={(identity) => (
                <div className="flex items-start justify-between gap-3">
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="font-medium break-all text-gray-900">{identity.serial}</p>
                    <p className="text-sm text-gray-600">
                      Naissance : <span className="tabular-nums">{formatIsoDay(identity.birthday)}</span> ·
                      ajoutée le <span className="tabular-nums">{formatDay(identity.created)}</span>
                    </p>
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <UsedBadge isUsed={identity.is_used} />
                      <EmployeeCell identity={identity} />
                    </div>
                  </div>
                  {deleteButton(identity)}
                </div>
              )}
              columns={[
                {
                  header: 'Matricule',
                  isRowHeader: true,
                  cell: (identity) => identity.serial,
                  className: 'font-medium text-gray-900',
                },
                {
                  header: 'Date de naissance',
                  cell: (identity) => formatIsoDay(identity.birthday),
                  className: 'tabular-nums',
                },
                { header: 'État', cell: (identity) => <UsedBadge isUsed={identity.is_used} /> },
                { header: 'Salarié', cell: (identity) => <EmployeeCell identity={identity} /> },
                {
                  header: 'Ajoutée le',
                  cell: (identity) => formatDay(identity.created),
                  className: 'tabular-nums text-gray-600',
                },
                { header: 'Actions', cell: (identity) => deleteButton(identity), className: 'text-right' },
              ]}
            />
          </div>
        ) : null}
        {data ? (
          <Pagination
            label="Pagination des identités"
            count={data.count}
            limit={limit}
            offset={offset}
            onOffsetChange={setOffset}
            isFetching={query.isFetching}
            listRef={listRef}
          />
        ) : null}
      </div>
      <DeleteIdentityDialog
        identity={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(identity) => {
          setDeleted(identity.serial);
          // The last row of a page gone: show the page before.
          if (data && data.results.length === 1 && offset > 0) setOffset(Math.max(0, offset - limit));
        }}
      />
    </section>
  );
}
