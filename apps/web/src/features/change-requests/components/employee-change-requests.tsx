import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { useChangeRequestsQuery } from '../api/get-change-requests.ts';
import { ChangeSummary } from './change-request-summary.tsx';
import { StatusBadge } from './status-badge.tsx';

const PAGE_SIZE = 10;

/** The requests already made for one employee, newest first, with where each one stands. */
export function EmployeeChangeRequests({ employeeId }: { employeeId: number }) {
  const [offset, setOffset] = useState(0);
  const query = useChangeRequestsQuery({ employee: employeeId, limit: PAGE_SIZE, offset });

  if (query.isPending) return <Spinner isBlock label="Chargement des demandes" />;
  if (query.isError)
    return (
      <LoadErrorState
        title="Les demandes n'ont pas pu être chargées."
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  if (query.data.count === 0) return <EmptyState title="Aucune demande pour ce salarié." />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-gray-100" aria-label="Demandes de ce salarié">
        {query.data.results.map((request) => (
          <li key={request.id} className="flex flex-col gap-1.5 py-3">
            <div className="flex items-start justify-between gap-3">
              <ChangeSummary request={request} />
              <StatusBadge status={request.status} />
            </div>
            <p className="text-xs text-gray-500">
              Demandée par {request.requested_by.name} le {formatDateTime(request.created)}
              {request.decided_by && request.decided_at
                ? ` · ${request.status === 'approved' ? 'approuvée' : 'refusée'} par ${request.decided_by.name} le ${formatDateTime(request.decided_at)}`
                : ''}
            </p>
            {request.decision_comment ? (
              <p className="text-xs text-gray-600">Commentaire : {request.decision_comment}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination
        label="Pagination des demandes du salarié"
        count={query.data.count}
        limit={PAGE_SIZE}
        offset={offset}
        onOffsetChange={setOffset}
        isFetching={query.isFetching}
      />
    </div>
  );
}
