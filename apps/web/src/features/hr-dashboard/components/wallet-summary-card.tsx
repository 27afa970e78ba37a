import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { useWalletBalanceQuery } from '../../shared/api/get-wallet-balance.ts';

/** The wallet at a glance (balance, credits, debits), leading to /rh/wallet. */
export function WalletSummaryCard() {
  const balance = useWalletBalanceQuery();
  return (
    <section
      aria-labelledby="dashboard-wallet-title"
      aria-busy={balance.isFetching}
      className="flex flex-col gap-3 rounded-2xl bg-brand-700 p-4 text-white sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="dashboard-wallet-title" className="text-sm font-medium text-brand-50">
          Solde du portefeuille
        </h2>
        <Link
          to="/rh/wallet"
          className="inline-flex items-center gap-1 rounded-lg text-sm font-medium text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Voir le portefeuille
          <IconArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {balance.isPending ? (
        // As tall as the balance and its two totals: the figures below do not jump when they come
        // (Lighthouse counted that jump as the dashboard's layout shift on phones).
        <Spinner
          className="h-22 py-0! [&_span]:border-white [&_span]:border-t-transparent"
          isBlock
          label="Chargement du solde"
        />
      ) : balance.isError ? (
        <InlineLoadError
          isOnDark
          message="Le solde n'a pas pu être chargé."
          error={balance.error}
          onRetry={() => balance.refetch()}
        />
      ) : (
        <>
          <p className="text-3xl font-semibold tracking-tight tabular-nums">
            {formatMoney(balance.data.balance)}
          </p>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-brand-100">Total des crédits</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(balance.data.total_credit)}</dd>
            </div>
            <div>
              <dt className="text-brand-100">Total des débits</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(balance.data.total_debit)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
