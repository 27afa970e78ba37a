import type { TPayrollDeduction, TPayrollDeductionTotals } from '@tasbiq/contracts/payroll';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table.tsx';
import { formatCount } from '../../../lib/format/count.ts';
import { formatMoney } from '../../../lib/format/money.ts';

const numberFr = new Intl.NumberFormat('fr-FR');

function employeeName({ employee }: TPayrollDeduction): string {
  return `${employee.first_name} ${employee.last_name}`.trim();
}

export function employeesText(count: number): string {
  return formatCount(count, 'salarié', 'salariés');
}

const tdNumber = 'px-4 py-3 text-right whitespace-nowrap tabular-nums';

type DeductionsTableProps = {
  rows: TPayrollDeduction[];
  /** The totals of what is listed: every page, only what the search keeps (the API adds them up). */
  totals: TPayrollDeductionTotals;
  /** A search narrows the list: the totals are then the search's, and say so. */
  isSearch?: boolean;
};

const columns: TableColumn<TPayrollDeduction>[] = [
  { header: 'Matricule', className: 'text-gray-700', cell: (row) => row.employee.serial ?? '—' },
  { header: 'Nom', isRowHeader: true, className: 'font-medium text-gray-900', cell: employeeName },
  {
    header: "Nombre d'avances",
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => numberFr.format(row.advances_count),
  },
  {
    header: 'Avances',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => formatMoney(row.advances_amount),
  },
  {
    header: 'Frais',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => formatMoney(row.fees_amount),
  },
  {
    header: 'Recharges',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => formatMoney(row.recharges_amount),
  },
  {
    header: 'Factures',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => formatMoney(row.bills_amount),
  },
  {
    header: 'Transferts',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => formatMoney(row.transfers_amount),
  },
  {
    header: 'Frais de mission',
    isNumeric: true,
    className: 'text-gray-700',
    cell: (row) => formatMoney(row.mission_expenses_amount),
  },
  {
    header: 'Total à retenir',
    isNumeric: true,
    className: 'font-semibold text-gray-900',
    cell: (row) => formatMoney(row.total),
  },
];

function DeductionCard({ row }: { row: TPayrollDeduction }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium text-gray-900">
          {employeeName(row)}
          {row.employee.serial ? (
            <span className="block text-sm font-normal text-gray-600">{row.employee.serial}</span>
          ) : null}
        </p>
        <p className="shrink-0 text-right">
          <span className="block text-xs text-gray-600">À retenir</span>
          <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">
            {formatMoney(row.total)}
          </span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 text-sm text-gray-700">
        <dt>Avances ({numberFr.format(row.advances_count)})</dt>
        <dd className="text-right tabular-nums">{formatMoney(row.advances_amount)}</dd>
        <dt>Frais</dt>
        <dd className="text-right tabular-nums">{formatMoney(row.fees_amount)}</dd>
        <dt>Recharges</dt>
        <dd className="text-right tabular-nums">{formatMoney(row.recharges_amount)}</dd>
        <dt>Factures ({numberFr.format(row.bills_count)})</dt>
        <dd className="text-right tabular-nums">{formatMoney(row.bills_amount)}</dd>
        <dt>Transferts ({numberFr.format(row.transfers_count)})</dt>
        <dd className="text-right tabular-nums">{formatMoney(row.transfers_amount)}</dd>
        <dt>Frais de mission ({numberFr.format(row.mission_expenses_count)})</dt>
        <dd className="text-right tabular-nums">{formatMoney(row.mission_expenses_amount)}</dd>
      </dl>
    </>
  );
}

/**
 * Per employee: what payroll deducts this month. A table from `md` up with the totals of what is
 * listed in its footer; on phones one card per employee and the totals in a card of their own.
 */
export function DeductionsTable({ rows, totals, isSearch = false }: DeductionsTableProps) {
  return (
    <>
      <ResponsiveTable
        label="Retenues par salarié"
        caption="Retenues sur salaire par salarié"
        items={rows}
        keyOf={(row) => row.employee.id}
        columns={columns}
        card={(row) => <DeductionCard row={row} />}
        isWide
        footer={
          <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
            <tr>
              <th scope="row" colSpan={2} className="px-4 py-3 text-left">
                {isSearch ? 'Total de la recherche' : 'Total'} ({employeesText(totals.employees)})
              </th>
              <td className={tdNumber}>{numberFr.format(totals.advances_count)}</td>
              <td className={tdNumber}>{formatMoney(totals.advances_amount)}</td>
              <td className={tdNumber}>{formatMoney(totals.fees_amount)}</td>
              <td className={tdNumber}>{formatMoney(totals.recharges_amount)}</td>
              <td className={tdNumber}>{formatMoney(totals.bills_amount)}</td>
              <td className={tdNumber}>{formatMoney(totals.transfers_amount)}</td>
              <td className={tdNumber}>{formatMoney(totals.mission_expenses_amount)}</td>
              <td className={tdNumber}>{formatMoney(totals.total)}</td>
            </tr>
          </tfoot>
        }
      />
      <dl
        aria-label={isSearch ? 'Totaux de la recherche' : 'Totaux du mois'}
        className="grid grid-cols-2 gap-x-3 gap-y-1 border-t border-gray-200 bg-gray-50 px-4 py-3 text-sm md:hidden"
      >
        <dt className="font-semibold text-gray-900">Total à retenir</dt>
        <dd className="text-right font-semibold text-gray-900 tabular-nums">{formatMoney(totals.total)}</dd>
        <dt className="text-gray-700">Salariés</dt>
        <dd className="text-right text-gray-700 tabular-nums">{numberFr.format(totals.employees)}</dd>
        <dt className="text-gray-700">Avances</dt>
        <dd className="text-right text-gray-700 tabular-nums">{formatMoney(totals.advances_amount)}</dd>
        <dt className="text-gray-700">Frais</dt>
        <dd className="text-right text-gray-700 tabular-nums">{formatMoney(totals.fees_amount)}</dd>
        <dt className="text-gray-700">Recharges</dt>
        <dd className="text-right text-gray-700 tabular-nums">{formatMoney(totals.recharges_amount)}</dd>
        <dt className="text-gray-700">Factures</dt>
        <dd className="text-right text-gray-700 tabular-nums">{formatMoney(totals.bills_amount)}</dd>
        <dt className="text-gray-700">Transferts</dt>
        <dd className="text-right text-gray-700 tabular-nums">{formatMoney(totals.transfers_amount)}</dd>
        <dt className="text-gray-700">Frais de mission</dt>
        <dd className="text-right text-gray-700 tabular-nums">
          {formatMoney(totals.mission_expenses_amount)}
        </dd>
      </dl>
    </>
  );
}
