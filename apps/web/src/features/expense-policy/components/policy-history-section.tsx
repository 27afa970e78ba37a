import { IconHistory } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { usePolicyChangesQuery } from '../api/get-policy-changes.ts';
import { changeSummary, changeTitle } from '../policy-labels.ts';

/** Every change of the policy and of the validators: who, when, before → after. */
export function PolicyHistorySection({ limit }: { limit: number }) {
  const [offset, setOffset] = useState(0);
  const changes = usePolicyChangesQuery({ limit, offset });
  const page = changes.data;
  let body: ReactNode;
  if (changes.isPending) body = <Spinner isBlock label="Chargement de l'historique" />;
  else if (changes.isError)
    body = (
      <LoadErrorState
        title="L'historique n'a pas pu être chargé."
        error={changes.error}
        onRetry={() => changes.refetch()}
      />
    );
  else if (page && page.count === 0)
    body = (
      <EmptyState icon={<IconHistory aria-hidden="true" />} title="Aucune modification pour le moment." />
    );
  else if (page)
    body = (
      <ol className="divide-y divide-gray-100" aria-label="Historique des modifications">
        {page.results.map((change) => (
          <li key={change.id} className="flex flex-col gap-0.5 px-4 py-3">
            <p className="text-sm font-medium text-gray-900">{changeTitle(change)}</p>
            <p className="text-sm text-gray-700">{changeSummary(change)}</p>
            <p className="text-xs text-gray-600">
              <time dateTime={change.created}>{formatDateTime(change.created)}</time>
              {change.changed_by_name ? ` · ${change.changed_by_name}` : ''}
            </p>
          </li>
        ))}
      </ol>
    );
  return (
    <section aria-labelledby="policy-history-title" className="rounded-2xl bg-white ring-1 ring-gray-200">
      <header className="border-b border-gray-100 px-4 py-3">
        <h2 id="policy-history-title" className="font-semibold text-gray-900">
          Historique des modifications
        </h2>
        <p className="text-sm text-gray-600">Plafonds, trajets et valideurs : qui a changé quoi, et quand.</p>
      </header>
      <div aria-busy={changes.isFetching}>{body}</div>
      {page ? (
        <Pagination
          className="px-4 pb-3"
          label="Pagination de l'historique"
          count={page.count}
          limit={limit}
          offset={offset}
          onOffsetChange={setOffset}
          isFetching={changes.isFetching}
        />
      ) : null}
    </section>
  );
}
