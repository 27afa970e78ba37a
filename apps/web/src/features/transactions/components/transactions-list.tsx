import type { TTransaction } from '@tasbiq/contracts/transactions';
import { TRANSACTION_TYPE_LABELS_FR } from '@tasbiq/contracts/transactions';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table.tsx';
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

/**
 * The title under the type only when it adds something ("Recharge Orange 100 DH"): an advance's
 * title is its type again, and "Avance sur salaire / Avance sur salaire" said nothing (issue 10).
 */
export function typeDetail(transaction: TTransaction): string | null {
  const title = transaction.title?.trim();
  if (!title) return null;
  const label = TRANSACTION_TYPE_LABELS_FR[transaction.type];
  return title.localeCompare(label, 'fr', { sensitivity: 'base' }) === 0 ? null : title;
}

const keyOf = (transaction: TTransaction) => `${transaction.type}-${transaction.id}`;

const columns: TableColumn<TTransaction>[] = [
  {
    header: 'Date',
    className: 'whitespace-nowrap text-gray-700',
    cell: (transaction) => <time dateTime={transaction.created}>{formatDateTime(transaction.created)}</time>,
  },
  {
    header: 'Salarié',
    cell: (transaction) => (
      <>
        <span className="block font-medium text-gray-900">{employeeName(transaction)}</span>
        {transaction.employee.serial ? (
          <span className="block text-gray-600">{transaction.employee.serial}</span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Type',
    className: 'text-gray-700',
    cell: (transaction) => {
      const detail = typeDetail(transaction);
      return (
        <>
          <span className="block">{TRANSACTION_TYPE_LABELS_FR[transaction.type]}</span>
          {detail ? <span className="block text-gray-600">{detail}</span> : null}
        </>
      );
    },
  },
  {
    header: 'Montant',
    isNumeric: true,
    className: 'font-medium text-gray-900',
    cell: (transaction) => formatMoney(transaction.amount),
  },
  { header: 'Frais', isNumeric: true, className: 'text-gray-700', cell: feesText },
  { header: 'Statut', cell: (transaction) => <TransactionStatusBadge status={transaction.status} /> },
];

function TransactionCard({ transaction }: { transaction: TTransaction }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium text-gray-900">{employeeName(transaction)}</p>
        <span className="shrink-0 font-medium whitespace-nowrap text-gray-900 tabular-nums">
          {formatMoney(transaction.amount)}
        </span>
      </div>
      <p className="text-sm text-gray-700">
        {TRANSACTION_TYPE_LABELS_FR[transaction.type]}
        {typeDetail(transaction) ? ` · ${typeDetail(transaction)}` : ''}
        {transaction.type === 'advance' ? ` · Frais : ${feesText(transaction)}` : ''}
      </p>
      <div className="flex items-center justify-between gap-3">
        <time dateTime={transaction.created} className="text-xs text-gray-600">
          {formatDateTime(transaction.created)}
        </time>
        <TransactionStatusBadge status={transaction.status} />
      </div>
    </>
  );
}

/** A table from `md` up; on phones one card per transaction. */
export function TransactionsList({ transactions }: { transactions: TTransaction[] }) {
  return (
    <ResponsiveTable
      label="Transactions"
      items={transactions}
      keyOf={keyOf}
      columns={columns}
      card={(transaction) => <TransactionCard transaction={transaction} />}
    />
  );
}
