import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadErrorState } from '../../components/ui/load-error-state.tsx';
import { MonthYearPicker } from '../../components/ui/month-year-picker.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { recentYears } from '../../lib/dates/casablanca-month.ts';
import { formatDateTime } from '../../lib/format/date-time.ts';
import { formatMoney } from '../../lib/format/money.ts';
import { useReadySession } from '../session/ready-session.tsx';
import { usePayslipsQuery } from './api/list-payslips.ts';
import { PayslipStatusBadge, periodLabel } from './components/payslip-labels.tsx';
import { usePayslipFilters } from './use-payslip-filters.ts';

const APPROVED_OPTIONS = [
  { value: '', label: 'Toutes' },
  { value: 'true', label: 'Publiées' },
  { value: 'false', label: 'Non publiées' },
];

/**
 * /rh/fiches: every slip of the company by month, with search and state, and who received theirs;
 * the filters live in the address (use-payslip-filters.ts).
 */
export function HrPayslipsScreen() {
  const { settings } = useReadySession();
  const limit = settings.items_per_page;
  const { filters, update } = usePayslipFilters();
  const { search, approved, offset } = filters;
  const period = { month: filters.month, year: filters.year };
  const slips = usePayslipsQuery({
    ...period,
    search: search || undefined,
    approved: approved === '' ? undefined : approved === 'true',
    limit,
    offset,
  });
  const fichesEnabled = settings.fiches_enabled;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        title="Fiches de paie"
        subtitle={`Les fiches de ${periodLabel(period.month, period.year).toLowerCase()}, publiées ou à valider.`}
        actions={fichesEnabled ? <Button label="Extractions" to="/rh/fiches/jobs" /> : null}
      />
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-gray-200 md:flex-row md:items-end">
        <div className="md:w-80">
          <MonthYearPicker
            value={period}
            years={recentYears()}
            onChange={(next) => update({ month: String(next.month), year: String(next.year) })}
          />
        </div>
        <SelectField
          label="État"
          options={APPROVED_OPTIONS}
          value={approved}
          onChange={(event) => update({ approved: event.target.value })}
        />
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too recent for the phones we support (and jsdom). */}
        <div role="search" className="flex-1">
          <SearchField
            label="Rechercher un salarié"
            placeholder="Nom, matricule ou CIN"
            value={search}
            onSearch={(next) => update({ search: next })}
          />
        </div>
      </div>
      <section aria-label="Fiches du mois" aria-busy={slips.isFetching}>
        {slips.isPending ? (
          <Spinner isBlock label="Chargement des fiches" />
        ) : slips.isError ? (
          <LoadErrorState
            title="Les fiches n'ont pas pu être chargées."
            error={slips.error}
            onRetry={() => slips.refetch()}
          />
        ) : slips.data.count === 0 ? (
          <EmptyState
            title="Aucune fiche pour cette période."
            description={fichesEnabled ? 'Envoyez le PDF de la paie depuis « Extractions ».' : undefined}
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {slips.data.results.map((slip) => (
              <li
                key={slip.id}
                className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
                    {slip.employee
                      ? `${slip.employee.first_name} ${slip.employee.last_name}`
                      : 'Salarié non trouvé'}
                    <PayslipStatusBadge status={slip.status} />
                  </p>
                  <p className="text-sm text-gray-700">
                    {periodLabel(slip.month, slip.year)}
                    {slip.figures.net ? ` · net ${formatMoney(slip.figures.net)}` : ''}
                    {slip.approved
                      ? slip.received_at
                        ? ` · reçue le ${formatDateTime(slip.received_at)}`
                        : ' · pas encore reçue'
                      : ''}
                  </p>
                </div>
                <Button size="sm" variant="secondary" to={`/rh/fiches/jobs/${slip.job}`}>
                  Voir l'extraction<span className="sr-only"> de cette fiche</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {slips.data ? (
        <Pagination
          label="Pagination des fiches"
          count={slips.data.count}
          limit={limit}
          offset={offset}
          onOffsetChange={(next) => update({ offset: next > 0 ? String(next) : '' })}
          isFetching={slips.isFetching}
        />
      ) : null}
    </div>
  );
}
