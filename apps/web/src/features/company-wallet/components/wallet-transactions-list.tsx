import {
  type TWalletTransaction,
  type TWalletTransactionType,
  WALLET_TRANSACTION_TYPE_LABELS_FR,
} from '@tasbiq/contracts/company-wallet';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table.tsx';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { SignedAmount } from './signed-amount.tsx';

function typeLabel(type: string): string {
  return WALLET_TRANSACTION_TYPE_LABELS_FR[type as TWalletTransactionType] ?? type;
}

const columns: TableColumn<TWalletTransaction>[] = [
  {
    header: 'Date',
    className: 'whitespace-nowrap text-gray-700',
    cell: (transaction) => <time dateTime={transaction.created}>{formatDateTime(transaction.created)}</time>,
  },
  { header: 'Type', className: 'text-gray-700', cell: (transaction) => typeLabel(transaction.type) },
  {
    header: 'Libellé',
    cell: (transaction) => (
      <>
        <span className="block font-medium text-gray-900">{transaction.title}</span>
        {transaction.description ? (
          <span className="block text-gray-600">{transaction.description}</span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Montant',
    isNumeric: true,
    cell: (transaction) => <SignedAmount amount={transaction.amount} />,
  },
];

function WalletTransactionCard({ transaction }: { transaction: TWalletTransaction }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium text-gray-900">{transaction.title}</p>
        <SignedAmount amount={transaction.amount} className="shrink-0" />
      </div>
      {transaction.description ? <p className="text-sm text-gray-700">{transaction.description}</p> : null}
      <p className="text-xs text-gray-600">
        {typeLabel(transaction.type)} ·{' '}
        <time dateTime={transaction.created}>{formatDateTime(transaction.created)}</time>
      </p>
    </>
  );
}

/** A table from `md` up; on phones one card per movement. */
export function WalletTransactionsList({ transactions }: { transactions: TWalletTransaction[] }) {
  return (
    <ResponsiveTable
      label="Mouvements du portefeuille"
      items={transactions}
      keyOf={(transaction) => transaction.id}
      columns={columns}
      card={(transaction) => <WalletTransactionCard transaction={transaction} />}
    />
  );
}
