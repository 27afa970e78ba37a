import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
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
        <div className="mt-2 flex flex-col items-start gap-2">
          <p role="alert" className="text-sm text-red-700">
            Le solde n'a pas pu être chargé. {errorMessage(balance.error)}
          </p>
          <Button variant="secondary" size="sm" label="Réessayer" onClick={() => balance.refetch()} />
        </div>
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
