import * as Tabs from '@radix-ui/react-tabs';
import { IconChevronRight } from '@tabler/icons-react';
import {
  CHANGE_REQUEST_FIELD_LABELS,
  type ChangeRequestStatus,
  type TChangeRequest,
} from '@tasbiq/contracts/change-requests';
import { isDrh } from '@tasbiq/contracts/roles';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useChangeRequestsQuery } from './api/get-change-requests.ts';
import { ChangeRequestDetails } from './components/change-request-details.tsx';
import { ChangeSummary } from './components/change-request-summary.tsx';
import { StatusBadge } from './components/status-badge.tsx';

const TABS: ReadonlyArray<{ status: ChangeRequestStatus; label: string; empty: string }> = [
  { status: 'pending', label: 'En attente', empty: 'Aucune demande en attente.' },
  { status: 'approved', label: 'Approuvées', empty: 'Aucune demande approuvée.' },
  { status: 'refused', label: 'Refusées', empty: 'Aucune demande refusée.' },
];

const tabClass =
  'flex-1 border-b-2 border-transparent px-4 py-3 text-sm font-medium text-gray-600 hover:text-gray-900 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ' +
  'data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:flex-none';

function RequestList({
  status,
  empty,
  onOpen,
}: {
  status: ChangeRequestStatus;
  empty: string;
  onOpen: (request: TChangeRequest) => void;
}) {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const [offset, setOffset] = useState(0);
  // Pending ones oldest first (first asked, first decided); decided ones latest decision first.
  const ordering = status === 'pending' ? 'created' : '-decided_at';
  const query = useChangeRequestsQuery({ status, limit, offset, ordering });

  if (query.isPending) return <Spinner isBlock label="Chargement des demandes" />;
  if (query.isError)
    return (
      <LoadErrorState
        title="Les demandes n'ont pas pu être chargées."
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  if (query.data.count === 0) return <EmptyState title={empty} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-gray-100">
        {query.data.results.map((request) => (
          <li key={request.id}>
            <button
              type="button"
              onClick={() => onOpen(request)}
              aria-label={`${request.employee.first_name} ${request.employee.last_name} : ${CHANGE_REQUEST_FIELD_LABELS[request.field]}, voir la demande`}
              className="flex w-full items-center gap-3 px-1 py-3 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-start justify-between gap-3">
                  <p className="truncate font-medium text-gray-900">
                    {request.employee.first_name} {request.employee.last_name}
                  </p>
                  <StatusBadge status={request.status} />
                </div>
                <ChangeSummary request={request} />
                <p className="text-xs text-gray-500">
                  Par {request.requested_by.name} le {formatDateTime(request.created)}
                  {request.attachments.length > 0
                    ? ` · ${request.attachments.length} pièce${request.attachments.length > 1 ? 's' : ''} jointe${request.attachments.length > 1 ? 's' : ''}`
                    : ''}
                </p>
              </div>
              <IconChevronRight aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
            </button>
          </li>
        ))}
      </ul>
      <Pagination
        label="Pagination des demandes"
        count={query.data.count}
        limit={limit}
        offset={offset}
        onOffsetChange={setOffset}
        isFetching={query.isFetching}
      />
    </div>
  );
}

/**
 * /rh/change-requests: every identity or bank change asked for in the company, by status. RH and
 * DRH see them; only a DRH other than the requester approves or refuses.
 */
export function ChangeRequestsScreen() {
  const { account } = useReadySession();
  const [open, setOpen] = useState<TChangeRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Demandes de modification"
        subtitle={
          isDrh(account.roles)
            ? "Les changements d'identité et de RIB demandés par les RH attendent votre validation."
            : "Les changements d'identité et de RIB sont appliqués après la validation d'un DRH."
        }
      />
      {notice ? <MessageBox severity="success">{notice}</MessageBox> : null}
      <Tabs.Root defaultValue="pending" className="rounded-2xl bg-white ring-1 ring-gray-200">
        <Tabs.List
          aria-label="Statut des demandes"
          className="flex overflow-x-auto border-b border-gray-200 px-2"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.status} value={tab.status} className={tabClass}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content
            key={tab.status}
            value={tab.status}
            className="px-3 py-2 focus-visible:outline-none sm:px-5"
          >
            <RequestList
              status={tab.status}
              empty={tab.empty}
              onOpen={(request) => {
                setNotice(null);
                setOpen(request);
              }}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {open ? (
        <ChangeRequestDetails
          key={open.id}
          initial={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) setOpen(null);
          }}
          onDecided={(request, action) => {
            setOpen(null);
            setNotice(
              action === 'approve'
                ? `Demande approuvée : la modification « ${CHANGE_REQUEST_FIELD_LABELS[request.field]} » de ${request.employee.first_name} ${request.employee.last_name} est appliquée.`
                : 'Demande refusée.',
            );
          }}
        />
      ) : null}
    </div>
  );
}
