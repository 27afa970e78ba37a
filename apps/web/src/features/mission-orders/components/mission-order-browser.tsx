import {
  MISSION_ORDER_STATUS_LABELS_FR,
  MISSION_ORDER_STATUSES,
  REPORT_STATUS_LABELS_FR,
  REPORT_STATUSES,
  type TMissionOrder,
  type TMissionOrderView,
} from '@tasbiq/contracts/mission-orders';
import type { ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUrlFilters } from '../../../lib/hooks/use-url-filters.ts';
import { useMissionOrdersQuery } from '../api/list-mission-orders.ts';
import { MissionOrderList } from './mission-order-list.tsx';

const PAGE = 20;

type Filters = {
  status: string;
  report_status: string;
  start_after: string;
  start_before: string;
  search: string;
  offset: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function parseFilters(params: URLSearchParams): Filters {
  const pick = (key: string, allowed: readonly string[]) => {
    const value = params.get(key) ?? '';
    return allowed.includes(value) ? value : '';
  };
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: pick('status', MISSION_ORDER_STATUSES),
    report_status: pick('report_status', REPORT_STATUSES),
    start_after: day('start_after'),
    start_before: day('start_before'),
    search: (params.get('search') ?? '').slice(0, 200),
    offset: /^\d{1,7}$/.test(params.get('offset') ?? '') ? (params.get('offset') as string) : '',
  };
}

type MissionOrderBrowserProps = {
  view: TMissionOrderView;
  label: string;
  linkOf: (order: TMissionOrder) => string;
  empty: ReactNode;
};

/** A filtered, paged list of orders (status, report status, mission dates, search), filters in the address. */
export function MissionOrderBrowser({ view, label, linkOf, empty }: MissionOrderBrowserProps) {
  const { filters, update } = useUrlFilters(parseFilters, 'offset');
  const offset = Number(filters.offset || 0);
  const orders = useMissionOrdersQuery({
    view,
    limit: PAGE,
    offset,
    status: filters.status,
    report_status: filters.report_status,
    start_after: filters.start_after,
    start_before: filters.start_before,
    search: filters.search,
  });

  let body: ReactNode;
  if (orders.isPending) body = <Spinner isBlock label="Chargement des ordres de mission" />;
  else if (orders.isError)
    body = (
      <LoadErrorState
        title="Les ordres de mission n'ont pas pu être chargés."
        error={orders.error}
        onRetry={() => orders.refetch()}
      />
    );
  else if (orders.data.count === 0) body = empty;
  else
    body = (
      <MissionOrderList
        label={label}
        orders={orders.data.results}
        linkOf={linkOf}
        showEmployee={view === 'review'}
      />
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 px-4 pt-3 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <SearchField
          className="sm:col-span-2 lg:col-span-1"
          label="Rechercher un ordre de mission"
          placeholder={view === 'review' ? 'N°, titre, salarié…' : 'N°, titre…'}
          value={filters.search}
          onSearch={(search) => update({ search })}
        />
        <SelectField
          label="Statut"
          value={filters.status}
          options={[
            { value: '', label: 'Tous les statuts' },
            ...MISSION_ORDER_STATUSES.map((s) => ({ value: s, label: MISSION_ORDER_STATUS_LABELS_FR[s] })),
          ]}
          onChange={(e) => update({ status: e.target.value })}
        />
        <SelectField
          label="Note de frais"
          value={filters.report_status}
          options={[
            { value: '', label: 'Toutes' },
            ...REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS_FR[s] })),
          ]}
          onChange={(e) => update({ report_status: e.target.value })}
        />
        <FormField
          label="Départ à partir du"
          type="date"
          value={filters.start_after}
          onChange={(e) => update({ start_after: e.target.value })}
        />
        <FormField
          label="Départ jusqu’au"
          type="date"
          value={filters.start_before}
          onChange={(e) => update({ start_before: e.target.value })}
        />
      </div>
      <div aria-busy={orders.isFetching}>{body}</div>
      {orders.data ? (
        <div className="px-4 pb-3 sm:px-6">
          <Pagination
            label={`Pagination : ${label}`}
            count={orders.data.count}
            limit={PAGE}
            offset={offset}
            onOffsetChange={(next) => update({ offset: next ? String(next) : '' })}
          />
        </div>
      ) : null}
    </div>
  );
}
