import type { UseQueryResult } from '@tanstack/react-query';
import type { TPaginated } from '@tasbiq/contracts/wire';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type HistoryListStateProps<T> = {
  query: UseQueryResult<TPaginated<T>>;
  /** "des avances": completes "Chargement …" and "La liste … n'a pas pu être chargée." */
  what: string;
  empty: string;
  emptyIcon?: ReactNode;
  listLabel: string;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
  renderItem: (item: T) => ReactNode;
};

/** Loading, error (with a retry), empty, or the page of items with its pagination. */
export function HistoryListState<T>({
  query,
  what,
  empty,
  emptyIcon,
  listLabel,
  limit,
  offset,
  onOffsetChange,
  renderItem,
}: HistoryListStateProps<T>) {
  if (query.isPending) return <Spinner isBlock label={`Chargement ${what}`} />;
  if (query.isError)
    return (
      <LoadErrorState
        title={`La liste ${what} n'a pas pu être chargée.`}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  if (query.data.count === 0) return <EmptyState icon={emptyIcon} title={empty} />;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={listLabel} className="divide-y divide-gray-100">
        {query.data.results.map(renderItem)}
      </ul>
      <Pagination
        label={`Pagination ${what}`}
        count={query.data.count}
        limit={limit}
        offset={offset}
        onOffsetChange={onOffsetChange}
        isFetching={query.isFetching}
        className="pb-3"
      />
    </div>
  );
}
