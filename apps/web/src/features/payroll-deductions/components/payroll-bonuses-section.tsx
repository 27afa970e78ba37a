import { IconDownload } from '@tabler/icons-react';
import type { TPayrollBonus, TPayrollBonusTotals } from '@tasbiq/contracts/payroll';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../../components/ui/message-box.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { ResponsiveTable, type TableColumn } from '../../../components/ui/responsive-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/errors/error-message.ts';
import { formatCount } from '../../../lib/format/count.ts';
import { formatDateTime } from '../../../lib/format/date-time.ts';
import { formatMoney } from '../../../lib/format/money.ts';
import { formatMonthInSentence } from '../../../lib/format/month-names.ts';
import { useExportPayrollBonusesMutation } from '../api/export-payroll-bonuses.ts';
import { usePayrollBonusesQuery } from '../api/list-payroll-bonuses.ts';
import { employeesText } from './deductions-table.tsx';

const employeeName = ({ employee }: TPayrollBonus) => `${employee.first_name} ${employee.last_name}`.trim();
/** "02/10/2026": the day it was paid, in Morocco's time. */
const paidDay = (row: TPayrollBonus) => formatDateTime(row.paid).slice(0, 10);
const bonusesText = (count: number) => formatCount(count, 'prime', 'primes');

const columns: TableColumn<TPayrollBonus>[] = [
  { header: 'Matricule', className: 'text-gray-700', cell: (row) => row.employee.serial ?? '—' },
  { header: 'Nom', isRowHeader: true, className: 'font-medium text-gray-900', cell: employeeName },
  { header: 'Prime', className: 'text-gray-700', cell: (row) => row.bonus.display_title },
  { header: 'Versée le', className: 'whitespace-nowrap text-gray-700', cell: paidDay },
  {
    header: 'Montant',
    isNumeric: true,
    className: 'font-semibold text-gray-900',
    cell: (row) => formatMoney(row.amount),
  },
];

function BonusCard({ row }: { row: TPayrollBonus }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <p className="min-w-0 font-medium text-gray-900">
        {employeeName(row)}
        <span className="block text-sm font-normal text-gray-600">
          {row.employee.serial ? `${row.employee.serial} · ` : null}
          {row.bonus.display_title} · {paidDay(row)}
        </span>
      </p>
      <p className="shrink-0 font-semibold whitespace-nowrap text-gray-900 tabular-nums">
        {formatMoney(row.amount)}
      </p>
    </div>
  );
}

function BonusesTable({
  rows,
  totals,
  isSearch,
}: {
  rows: TPayrollBonus[];
  totals: TPayrollBonusTotals;
  isSearch: boolean;
}) {
  const totalLabel = `${isSearch ? 'Total de la recherche' : 'Total'} (${bonusesText(totals.bonuses)}, ${employeesText(totals.employees)})`;
  return (
    <>
      <ResponsiveTable
        label="Primes versées"
        caption="Primes versées par salarié"
        items={rows}
        keyOf={(row) => row.id}
        columns={columns}
        card={(row) => <BonusCard row={row} />}
        footer={
          <tfoot className="border-t-2 border-gray-200 bg-gray-50 font-semibold text-gray-900">
            <tr>
              <th scope="row" colSpan={4} className="px-4 py-3 text-left">
                {totalLabel}
              </th>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                {formatMoney(totals.amount)}
              </td>
            </tr>
          </tfoot>
        }
      />
      <p className="flex justify-between gap-3 border-t border-gray-200 bg-gray-50 px-4 py-3 text-sm font-semibold text-gray-900 md:hidden">
        <span>{totalLabel}</span>
        <span className="whitespace-nowrap tabular-nums">{formatMoney(totals.amount)}</span>
      </p>
    </>
  );
}

type PayrollBonusesSectionProps = {
  period: { month: number; year: number };
  search: string;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
  onClearSearch: () => void;
};

/**
 * « Primes » under the deductions (issue 13): the bonuses paid in the month are taxable salary, so
 * payroll gets them from the same screen, one line per bonus paid, with their own CSV.
 */
export function PayrollBonusesSection({
  period,
  search,
  limit,
  offset,
  onOffsetChange,
  onClearSearch,
}: PayrollBonusesSectionProps) {
  const bonuses = usePayrollBonusesQuery({ ...period, limit, offset, search: search || undefined });
  const exportCsv = useExportPayrollBonusesMutation();
  const periodText = formatMonthInSentence(period);

  let body: ReactNode;
  if (bonuses.isPending) body = <Spinner isBlock label="Chargement des primes" />;
  else if (bonuses.isError)
    body = (
      <LoadErrorState
        title="Les primes n'ont pas pu être chargées."
        error={bonuses.error}
        onRetry={() => bonuses.refetch()}
      />
    );
  else if (bonuses.data.count === 0)
    body = search ? (
      <EmptyState
        title="Aucune prime versée ne correspond à cette recherche."
        action={<Button variant="secondary" label="Effacer la recherche" onClick={onClearSearch} />}
      />
    ) : (
      <EmptyState title={`Aucune prime versée pour ${periodText}.`} />
    );
  else
    body = (
      <BonusesTable rows={bonuses.data.results} totals={bonuses.data.totals} isSearch={Boolean(search)} />
    );

  return (
    <section aria-labelledby="payroll-bonuses-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="payroll-bonuses-title" className="text-lg font-semibold text-gray-900">
            Primes
          </h2>
          <p className="text-sm text-gray-700">
            Les primes versées en {periodText} sont du salaire imposable : à ajouter sur la paie.
          </p>
        </div>
        <Button
          variant="secondary"
          label="Télécharger le CSV des primes"
          icon={<IconDownload aria-hidden="true" />}
          iconPosition="left"
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate({ ...period, search: search || undefined })}
        />
      </div>
      {exportCsv.isError ? (
        <MessageBox severity="danger" title="Le fichier n'a pas pu être téléchargé.">
          {errorMessage(exportCsv.error)}
        </MessageBox>
      ) : null}
      <div
        aria-busy={bonuses.isFetching}
        className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </div>
      {bonuses.data ? (
        <Pagination
          label="Pagination des primes"
          count={bonuses.data.count}
          limit={limit}
          offset={offset}
          onOffsetChange={onOffsetChange}
          isFetching={bonuses.isFetching}
        />
      ) : null}
    </section>
  );
}
