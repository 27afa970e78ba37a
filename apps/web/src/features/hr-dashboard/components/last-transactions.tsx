import { IconArrowRight } from '@tabler/icons-react';
import { TRANSACTION_TYPE_LABELS_FR } from '@tasbiq/contracts/transaction-labels';
import type { TTransaction } from '@tasbiq/contracts/transactions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatRelativeTime } from '../../../lib/format/relative-time.ts';
import { TransactionStatusBadge } from '../../shared/components/transaction-status-badge.tsx';
import { useLastTransactionsQuery } from '../api/get-last-transactions.ts';

function employeeName(transaction: TTransaction): string {
  return `${transaction.employee.first_name} ${transaction.employee.last_name}`.trim();
}

/** The latest advances and top-ups (spec §9: 10), one line each, with a way to the full list. */
export function LastTransactions() {
  const transactions = useLastTransactionsQuery();

  let body: ReactNode;
  if (transactions.isPending) body = <Spinner isBlock label="Chargement des dernières transactions" />;
  else if (transactions.isError)
    body = (
      <LoadErrorState
        title="Les dernières transactions n'ont pas pu être chargées."
        error={transactions.error}
        onRetry={() => transactions.refetch()}
      />
    );
  else if (transactions.data.results.length === 0)
    body = (
      <EmptyState
        title="Aucune transaction pour le moment."
        description="Les avances et recharges de vos salariés apparaîtront ici."
      />
    );
  else
    body = (
      <ul aria-label="Dernières transactions" className="divide-y divide-gray-100">
        {transactions.data.results.map((transaction) => (
          <li
            key={`${transaction.type}-${transaction.id}`}
            className="grid grid-cols-[1fr_auto] items-start gap-x-3 gap-y-1 px-4 py-3 sm:px-6"
          >
            <p className="min-w-0 truncate font-medium text-gray-900">{employeeName(transaction)}</p>
            <p className="text-right font-medium whitespace-nowrap text-gray-900 tabular-nums">
              {formatMoney(transaction.amount)}
            </p>
            <p className="min-w-0 text-sm text-gray-600">
              {TRANSACTION_TYPE_LABELS_FR[transaction.type]} ·{' '}
              <time dateTime={transaction.created}>{formatRelativeTime(transaction.created)}</time>
            </p>
            <TransactionStatusBadge status={transaction.status} className="justify-self-end" />
          </li>
        ))}
      </ul>
    );

  return (
    <section
      aria-labelledby="last-transactions-title"
      aria-busy={transactions.isFetching}
      className="rounded-2xl bg-white ring-1 ring-gray-200"
    >
      <div className="flex items-center justify-between gap-3 px-4 pt-4 sm:px-6">
        <h2 id="last-transactions-title" className="text-base font-semibold text-gray-900">
          Dernières transactions
        </h2>
        <Link
          to="/rh/transactions"
          className="inline-flex items-center gap-1 rounded-lg text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Tout voir
          <IconArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {body}
    </section>
  );
}
