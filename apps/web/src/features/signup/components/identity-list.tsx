import { IconSearch, IconTrash } from '@tabler/icons-react';
import type { TSignupIdentity } from '@tasbiq/contracts/signup';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cx } from '../../../lib/cx.ts';
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
  const deferredSearch = useDeferredValue(search);
  const query = useIdentitiesQuery({ search: deferredSearch, isUsed: USED_FILTER[filter], limit, offset });
  const data = query.data;

  const isFiltered = search.trim() !== '' || filter !== 'all';

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
        {deleted ? <MessageBox severity="success">L'identité {deleted} a été supprimée.</MessageBox> : null}
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
          <div className="overflow-x-auto rounded-xl ring-1 ring-gray-200">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Identités enregistrées</caption>
              <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Matricule
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Date de naissance
                  </th>
                  <th scope="col" className="px-3 py-2">
                    État
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Salarié
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Ajoutée le
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className={cx('divide-y divide-gray-100', query.isPlaceholderData && 'opacity-60')}>
                {data.results.map((identity) => (
                  <tr key={identity.id}>
                    <td className="px-3 py-2 font-medium text-gray-900">{identity.serial}</td>
                    <td className="px-3 py-2 tabular-nums">{formatIsoDay(identity.birthday)}</td>
                    <td className="px-3 py-2">
                      <UsedBadge isUsed={identity.is_used} />
                    </td>
                    <td className="px-3 py-2">
                      <EmployeeCell identity={identity} />
                    </td>
                    <td className="px-3 py-2 tabular-nums text-gray-600">{formatDay(identity.created)}</td>
                    <td className="px-3 py-2 text-right">
                      {identity.is_used ? null : (
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
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {data && data.count > limit ? (
          <nav aria-label="Pagination des identités" className="flex items-center justify-between gap-2">
            <Button
              size="sm"
              variant="secondary"
              label="Précédent"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - limit))}
            />
            <p className="text-sm text-gray-600">
              {offset + 1}–{Math.min(offset + limit, data.count)} sur {data.count}
            </p>
            <Button
              size="sm"
              variant="secondary"
              label="Suivant"
              disabled={offset + limit >= data.count}
              onClick={() => setOffset(offset + limit)}
            />
          </nav>
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
