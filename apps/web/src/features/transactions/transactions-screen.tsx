import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format/count.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useTransactionsQuery } from './api/list-transactions.ts';
import { TransactionFilters } from './components/transaction-filters.tsx';
import { TransactionsList } from './components/transactions-list.tsx';
import { apiParamsOf, useTransactionFilters } from './use-transaction-filters.ts';

function countText(count: number, isEstimate?: boolean): string {
  return formatCount(count, 'transaction', 'transactions', 'Aucune transaction', isEstimate);
}

/** /rh/transactions: the company's advances and top-ups, newest first, filtered and paginated. */
export function TransactionsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const { filters, update } = useTransactionFilters();
  const transactions = useTransactionsQuery(apiParamsOf(filters, limit));
  const hasFilters = Boolean(
    filters.type || filters.status || filters.year || filters.month || filters.search,
  );

  const page = transactions.data;
  let body: ReactNode;
  if (transactions.isPending) body = <Spinner isBlock label="Chargement des transactions" />;
  else if (transactions.isError)
    body = (
      <LoadErrorState
        title="Les transactions n'ont pas pu être chargées."
        error={transactions.error}
        onRetry={() => transactions.refetch()}
      />
    );
  else if (transactions.data.count === 0)
    body = hasFilters ? (
      <EmptyState
        title="Aucune transaction ne correspond à ces critères."
        action={
          <Button
            variant="secondary"
            label="Effacer les filtres"
            onClick={() => update({ type: '', status: '', year: '', month: '', search: '' })}
          />
        }
      />
    ) : (
      <EmptyState
        title="Aucune transaction pour le moment."
        description="Les avances sur salaire et les recharges de vos salariés apparaîtront ici."
      />
    );
  else body = <TransactionsList transactions={transactions.data.results} />;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Transactions"
        subtitle={
          page
            ? countText(page.count, page.count_is_estimate)
            : 'Avances sur salaire et recharges téléphoniques'
        }
      />
      <div className="rounded-2xl bg-white p-4 ring-1 ring-gray-200">
        <TransactionFilters filters={filters} onChange={update} />
      </div>
      <section
        aria-label="Liste des transactions"
        aria-busy={transactions.isFetching}
        className="rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {page ? (
        <Pagination
          label="Pagination des transactions"
          count={page.count}
          countIsEstimate={page.count_is_estimate}
          limit={limit}
          offset={filters.offset}
          onOffsetChange={(offset) => update({ offset: offset > 0 ? String(offset) : '' })}
          isFetching={transactions.isFetching}
        />
      ) : null}
    </div>
  );
}
