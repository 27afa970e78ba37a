import {
  type TWalletTransaction,
  type TWalletTransactionType,
  WALLET_TRANSACTION_TYPE_LABELS_FR,
} from '@tasbiq/contracts/company-wallet';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { SignedAmount } from './signed-amount.tsx';

function typeLabel(type: string): string {
  return WALLET_TRANSACTION_TYPE_LABELS_FR[type as TWalletTransactionType] ?? type;
}

/** A table from `md` up; on phones one card per movement (five columns do not fit). */
export function WalletTransactionsList({ transactions }: { transactions: TWalletTransaction[] }) {
  return (
    <>
      <ul aria-label="Mouvements du portefeuille" className="divide-y divide-gray-100 md:hidden">
        {transactions.map((transaction) => (
          <li key={transaction.id} className="flex flex-col gap-1 px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium text-gray-900">{transaction.title}</p>
              <SignedAmount amount={transaction.amount} className="shrink-0" />
            </div>
            {transaction.description ? (
              <p className="text-sm text-gray-700">{transaction.description}</p>
            ) : null}
            <p className="text-xs text-gray-600">
              {typeLabel(transaction.type)} ·{' '}
              <time dateTime={transaction.created}>{formatDateTime(transaction.created)}</time>
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Mouvements du portefeuille</caption>
          <thead className="border-b border-gray-200 text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Type
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Libellé
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Montant
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {transactions.map((transaction) => (
              <tr key={transaction.id} className="hover:bg-gray-50">
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  <time dateTime={transaction.created}>{formatDateTime(transaction.created)}</time>
                </td>
                <td className="px-4 py-3 text-gray-700">{typeLabel(transaction.type)}</td>
                <td className="px-4 py-3">
                  <span className="block font-medium text-gray-900">{transaction.title}</span>
                  {transaction.description ? (
                    <span className="block text-gray-600">{transaction.description}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-right">
                  <SignedAmount amount={transaction.amount} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
