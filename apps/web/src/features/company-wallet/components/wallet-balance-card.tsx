import { InlineLoadError } from '../../../components/ui/load-error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/format/money.ts';
import { useWalletBalanceQuery } from '../../shared/api/get-wallet-balance.ts';

/** The wallet's balance with what came in (credits) and went out (debits), from GET /company/wallet/balance. */
export function WalletBalanceCard() {
  const balance = useWalletBalanceQuery();
  return (
    <section
      aria-labelledby="wallet-balance-title"
      aria-busy={balance.isFetching}
      className="rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="wallet-balance-title" className="text-sm font-medium text-gray-600">
        Solde du portefeuille
      </h2>
      {balance.isPending ? (
        <Spinner isBlock className="py-6" label="Chargement du solde" />
      ) : balance.isError ? (
        <InlineLoadError
          className="mt-2"
          message="Le solde n'a pas pu être chargé."
          error={balance.error}
          onRetry={() => balance.refetch()}
        />
      ) : (
        <>
          <p className="mt-1 text-3xl font-semibold tracking-tight text-gray-900 tabular-nums">
            {formatMoney(balance.data.balance)}
          </p>
          <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="rounded-xl bg-emerald-50 px-4 py-3">
              <dt className="text-sm text-emerald-800">Total des crédits</dt>
              <dd className="text-lg font-semibold text-emerald-900 tabular-nums">
                {formatMoney(balance.data.total_credit)}
              </dd>
            </div>
            <div className="rounded-xl bg-gray-50 px-4 py-3">
              <dt className="text-sm text-gray-700">Total des débits</dt>
              <dd className="text-lg font-semibold text-gray-900 tabular-nums">
                {formatMoney(balance.data.total_debit)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
