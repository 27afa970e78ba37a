import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MessageBox } from '../../components/ui/message-box.tsx';
import { MonthYearPicker } from '../../components/ui/month-year-picker.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { recentYears } from '../../lib/dates/casablanca-month.ts';
import { errorMessage } from '../../lib/errors/error-message.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { formatMonthInSentence, ofMonth } from '../../lib/format/month-names.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { useExportPayrollDeductionsMutation } from './api/export-payroll-deductions.ts';
import { usePayrollDeductionsQuery } from './api/list-payroll-deductions.ts';
import { DeductionsTable, employeesText } from './components/deductions-table.tsx';
import { PayrollBonusesSection } from './components/payroll-bonuses-section.tsx';
import { useDeductionFilters } from './use-deduction-filters.ts';

/**
 * /rh/deductions "Retenues sur salaire": for a month, per employee, what payroll deducts from the
 * salary (advances executed, their fees, top-ups, bills, transfers and mission expenses owed), with the month's totals and a CSV for Excel.
 */
export function PayrollDeductionsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const { filters, update: updateFilters } = useDeductionFilters();
  // The month and the search apply to both lists: a change sends both back to their first page.
  const update = (changes: Parameters<typeof updateFilters>[0]) =>
    updateFilters('offset' in changes ? changes : { ...changes, primes_offset: '' });
  const pageOf = (offset: number) => (offset > 0 ? String(offset) : '');
  const period = { month: filters.month, year: filters.year };
  const periodText = formatMonthInSentence(period);
  const deductions = usePayrollDeductionsQuery({
    ...period,
    limit,
    offset: filters.offset,
    search: filters.search || undefined,
  });
  const exportCsv = useExportPayrollDeductionsMutation();

  const data = deductions.data;

  let body: ReactNode;
  if (deductions.isPending) body = <Spinner isBlock label="Chargement des retenues" />;
  else if (deductions.isError)
    body = (
      <LoadErrorState
        title="Les retenues n'ont pas pu être chargées."
        error={deductions.error}
        onRetry={() => deductions.refetch()}
      />
    );
  else if (deductions.data.count === 0)
    body = filters.search ? (
      <EmptyState
        title="Aucun salarié ne correspond à cette recherche."
        action={
          <Button variant="secondary" label="Effacer la recherche" onClick={() => update({ search: '' })} />
        }
      />
    ) : (
      <EmptyState
        title={`Rien à retenir pour ${periodText}.`}
        description="Aucune avance, recharge, facture ni transfert n'a été payé par vos salariés ce mois-ci."
      />
    );
  else
    body = (
      <DeductionsTable
        rows={deductions.data.results}
        totals={deductions.data.totals}
        isSearch={Boolean(filters.search)}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Retenues sur salaire"
        subtitle={`Ce que la paie doit retenir pour ${periodText} : avances versées, frais, recharges, factures et transferts.`}
        actions={
          <Button
            variant="secondary"
            label="Télécharger le CSV"
            icon={<IconDownload aria-hidden="true" />}
            iconPosition="left"
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ ...period, search: filters.search || undefined })}
          />
        }
      />
      {exportCsv.isError ? (
        <MessageBox severity="danger" title="Le fichier n'a pas pu être téléchargé.">
          {errorMessage(exportCsv.error)}
        </MessageBox>
      ) : null}

      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 md:flex-row md:items-end">
        <div className="md:w-80">
          <MonthYearPicker
            value={filters}
            years={recentYears()}
            onChange={(next) => update({ month: String(next.month), year: String(next.year) })}
          />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom). */}
        <div role="search" className="flex-1">
          <SearchField
            label="Rechercher un salarié"
            placeholder="Nom, matricule ou CIN"
            value={filters.search}
            onSearch={(search) => update({ search })}
          />
        </div>
      </div>

      {data?.totals && data.totals.employees > 0 ? (
        <p className="text-sm text-gray-700">
          {filters.search ? 'Pour cette recherche : ' : null}
          {employeesText(data.totals.employees)} · total à retenir{' '}
          <strong className="font-semibold text-gray-900">{formatMoney(data.totals.total)}</strong>
          {filters.search ? ' (le fichier CSV ne contient que ces salariés)' : null}
        </p>
      ) : null}

      <section
        aria-label={`Retenues ${ofMonth(period)}`}
        aria-busy={deductions.isFetching}
        className="overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200"
      >
        {body}
      </section>
      {data ? (
        <Pagination
          label="Pagination des retenues"
          count={data.count}
          limit={limit}
          offset={filters.offset}
          onOffsetChange={(offset) =>
            updateFilters({ offset: pageOf(offset), primes_offset: pageOf(filters.primes_offset) })
          }
          isFetching={deductions.isFetching}
        />
      ) : null}
      {settings.bonuses_enabled ? (
        <PayrollBonusesSection
          period={period}
          search={filters.search}
          limit={limit}
          offset={filters.primes_offset}
          onOffsetChange={(offset) =>
            updateFilters({ offset: pageOf(filters.offset), primes_offset: pageOf(offset) })
          }
          onClearSearch={() => update({ search: '' })}
        />
      ) : null}
    </div>
  );
}
