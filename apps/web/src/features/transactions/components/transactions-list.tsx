import type { TTransaction } from '@tasbiq/contracts/transactions';
import { TRANSACTION_TYPE_LABELS_FR } from '@tasbiq/contracts/transactions';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { TransactionStatusBadge } from '../../shared/components/transaction-status-badge.tsx';

function employeeName(transaction: TTransaction): string {
  return `${transaction.employee.first_name} ${transaction.employee.last_name}`.trim();
}

/** Fees only exist on advances; a free one says so rather than "0 DH". */
function feesText(transaction: TTransaction): string {
  if (transaction.type !== 'advance') return '—';
  return Number(transaction.fees) === 0 ? 'Gratuite' : formatMoney(transaction.fees);
}

const keyOf = (transaction: TTransaction) => `${transaction.type}-${transaction.id}`;

/** A table from `md` up; on phones one card per transaction. */
export function TransactionsList({ transactions }: { transactions: TTransaction[] }) {
  return (
    <>
      <ul aria-label="Transactions" className="divide-y divide-gray-100 md:hidden">
        {transactions.map((transaction) => (
          <li key={keyOf(transaction)} className="flex flex-col gap-1 px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium text-gray-900">{employeeName(transaction)}</p>
              <span className="shrink-0 font-medium whitespace-nowrap text-gray-900 tabular-nums">
                {formatMoney(transaction.amount)}
              </span>
            </div>
            <p className="text-sm text-gray-700">
              {TRANSACTION_TYPE_LABELS_FR[transaction.type]}
              {transaction.type === 'advance' ? ` · Frais : ${feesText(transaction)}` : ''}
            </p>
            <div className="flex items-center justify-between gap-3">
              <time dateTime={transaction.created} className="text-xs text-gray-600">
                {formatDateTime(transaction.created)}
              </time>
              <TransactionStatusBadge status={transaction.status} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Transactions</caption>
          <thead className="border-b border-gray-200 text-xs tracking-wide text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Salarié
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Type
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Montant
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Frais
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Statut
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {transactions.map((transaction) => (
              <tr key={keyOf(transaction)} className="hover:bg-gray-50">
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  <time dateTime={transaction.created}>{formatDateTime(transaction.created)}</time>
                </td>
                <td className="px-4 py-3">
                  <span className="block font-medium text-gray-900">{employeeName(transaction)}</span>
                  {transaction.employee.serial ? (
                    <span className="block text-gray-600">{transaction.employee.serial}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-gray-700">
                  <span className="block">{TRANSACTION_TYPE_LABELS_FR[transaction.type]}</span>
                  {transaction.title ? (
                    <span className="block text-gray-600">{transaction.title}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-gray-900 tabular-nums">
                  {formatMoney(transaction.amount)}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-gray-700 tabular-nums">
                  {feesText(transaction)}
                </td>
                <td className="px-4 py-3">
                  <TransactionStatusBadge status={transaction.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
